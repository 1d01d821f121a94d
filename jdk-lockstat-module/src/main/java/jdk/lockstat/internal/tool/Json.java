/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The LockStat JDK authors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied this code.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

package jdk.lockstat.internal.tool;

import jdk.lockstat.query.ReportFormat;

/** Just enough JSON writing for the tool's output. */
final class Json {
    private Json() {}

    /** A JSON string, or null for a value a damaged trace lacks (a field of another type in its schema). */
    static String quote(String s) {
        return ReportFormat.jsonString(s);
    }

    /** A JSON number with four decimals; null for NaN (a ratio without a denominator). */
    static String number(double d) {
        return Double.isNaN(d) || Double.isInfinite(d) ? "null" : String.format(java.util.Locale.ROOT, "%.4f", d);
    }

    /** A number from a trace's properties, or -1 when absent or not a number. */
    static long parseLong(String s) {
        try {
            return s == null ? -1 : Long.parseLong(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
