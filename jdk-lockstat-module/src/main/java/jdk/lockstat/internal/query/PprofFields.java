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

package jdk.lockstat.internal.query;

/**
 * Field numbers of pprof's profile.proto (github.com/google/pprof, proto/profile.proto) that LockStat's
 * profiles use: written by {@link PprofProfile}, read back by {@link PprofReader}.
 */
final class PprofFields {
    private PprofFields() {}

    /** Profile. */
    static final int SAMPLE_TYPE = 1, SAMPLE = 2, LOCATION = 4, FUNCTION = 5, STRING_TABLE = 6,
            TIME_NANOS = 9, DURATION_NANOS = 10, PERIOD_TYPE = 11, PERIOD = 12, COMMENT = 13, DEFAULT_SAMPLE_TYPE = 14;
    /** ValueType, Sample, Label, Location, Line, Function. */
    static final int VALUE_TYPE_TYPE = 1, VALUE_TYPE_UNIT = 2;
    static final int SAMPLE_LOCATION_ID = 1, SAMPLE_VALUE = 2, SAMPLE_LABEL = 3;
    static final int LABEL_KEY = 1, LABEL_STR = 2;
    static final int LOCATION_ID = 1, LOCATION_LINE = 4;
    static final int LINE_FUNCTION_ID = 1, LINE_LINE = 2;
    static final int FUNCTION_ID = 1, FUNCTION_NAME = 2, FUNCTION_FILENAME = 4;
}
