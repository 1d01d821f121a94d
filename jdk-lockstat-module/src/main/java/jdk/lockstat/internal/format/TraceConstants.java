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

package jdk.lockstat.internal.format;

import java.nio.charset.StandardCharsets;

/** Magic, version and record types of the trace format (docs/trace-format.md). */
public final class TraceConstants {
    public static final byte[] MAGIC = "LockStat".getBytes(StandardCharsets.US_ASCII);
    public static final int MAJOR_VERSION = 1;
    public static final int MINOR_VERSION = 0;

    public static final int RECORD_HEADER = 1;
    public static final int RECORD_SCHEMA = 2;
    public static final int RECORD_BUFFER = 3;
    public static final int RECORD_END = 4;

    /** Largest record accepted; VM buffers are at most 64 KiB, so anything bigger is corruption. */
    public static final int MAX_RECORD = 16 * 1024 * 1024;

    private TraceConstants() {}
}
