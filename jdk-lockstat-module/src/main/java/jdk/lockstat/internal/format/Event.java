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
 * A decoded event. Numbers (timestamps absolute, as the decoding {@link TraceClock} gave them:
 * nanoseconds on the System.nanoTime timeline when read by {@link TraceParser}) are in {@code nums} at
 * their field's index, unboxed; strings (String) and lists (List&lt;Object[]&gt;, their elements' values
 * boxed) in {@code refs}, which is null for a type without either. Most events are all numbers: they
 * cost one array, not one object per field.
 */
public record Event(EventDescriptor type, long writerThread, long bufferSequence, long[] nums, Object[] refs) {

    /** An event from boxed values in field order (Long, String, List&lt;Object[]&gt;), as values() gives them. */
    public static Event of(EventDescriptor type, long writerThread, long bufferSequence, Object[] values) {
        long[] nums = new long[values.length];
        Object[] refs = null;
        for (int i = 0; i < values.length; i++) {
            if (values[i] instanceof Number n) {
                nums[i] = n.longValue();
            } else if (values[i] != null) {
                if (refs == null) {
                    refs = new Object[values.length];
                }
                refs[i] = values[i];
            }
        }
        return new Event(type, writerThread, bufferSequence, nums, refs);
    }

    /** The numeric field at index i; 0 for an index the type lacks (-1) or a string or list field. */
    public long num(int i) {
        return i >= 0 && i < nums.length ? nums[i] : 0;
    }

    /** The string or list field at index i, or null. */
    public Object ref(int i) {
        return refs != null && i >= 0 && i < refs.length ? refs[i] : null;
    }

    /** Every field's value in field order, boxed: Long for numbers, String, List&lt;Object[]&gt;. */
    public Object[] values() {
        Object[] values = new Object[nums.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = value(i);
        }
        return values;
    }

    /** Field i's value, boxed (null for an index the type lacks). */
    private Object value(int i) {
        Object r = ref(i);
        return r != null ? r : i >= 0 && i < nums.length && isNumber(i) ? (Object) nums[i] : null;
    }

    private boolean isNumber(int i) {
        FieldKind k = type.fields().get(i).kind();
        return k != FieldKind.STRING && k != FieldKind.LIST;
    }

    public Object get(String field) {
        return value(type.fieldIndex(field));
    }

    public long getLong(String field) {
        int i = type.fieldIndex(field);
        return i >= 0 && isNumber(i) ? nums[i] : -1;
    }

    public String getString(String field) {
        return ref(type.fieldIndex(field)) instanceof String s ? s : null;
    }

    /** The event's timestamp, or -1 if its type has none. */
    public long time() {
        return getLong("time");
    }

    @SuppressWarnings("unchecked")
    public List<Object[]> getList(String field) {
        return ref(type.fieldIndex(field)) instanceof List<?> l ? (List<Object[]>) l : List.of();
    }
}
