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

import java.util.List;

/**
 * A decoded event. values follow the descriptor's fields: Long for numbers (timestamps absolute, as
 * the decoding {@link TraceClock} gave them: nanoseconds on the System.nanoTime timeline when read by
 * {@link TraceParser}), String for strings, List&lt;Object[]&gt; for lists.
 */
public record Event(EventDescriptor type, long writerThread, long bufferSequence, Object[] values) {

    public Object get(String field) {
        int i = type.fieldIndex(field);
        return i < 0 ? null : values[i];
    }

    public long getLong(String field) {
        Object v = get(field);
        return v instanceof Long l ? l : -1;
    }

    public String getString(String field) {
        Object v = get(field);
        return v instanceof String s ? s : null;
    }

    /** The event's timestamp, or -1 if its type has none. */
    public long time() {
        return getLong("time");
    }

    @SuppressWarnings("unchecked")
    public List<Object[]> getList(String field) {
        Object v = get(field);
        return v instanceof List<?> l ? (List<Object[]>) l : List.of();
    }
}
