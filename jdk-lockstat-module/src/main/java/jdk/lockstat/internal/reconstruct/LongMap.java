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

package jdk.lockstat.internal.reconstruct;

import java.util.ArrayList;
import java.util.List;

/**
 * A map from monitor addresses to values, by open addressing with a mixing hash. Monitor addresses are
 * aligned and share their high bits, which makes Long's own hash collide into one HashMap bucket.
 */
final class LongMap<V> {
    private long[] keys = new long[64];
    private Object[] values = new Object[64];
    private int size;

    private static int mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    private int slot(long key) {
        int mask = keys.length - 1;
        int i = mix(key) & mask;
        while (values[i] != null && keys[i] != key) {
            i = (i + 1) & mask;
        }
        return i;
    }

    @SuppressWarnings("unchecked")
    V get(long key) {
        return (V) values[slot(key)];
    }

    void put(long key, V value) {
        int i = slot(key);
        if (values[i] == null) {
            if (++size * 2 > keys.length) {
                grow();
                i = slot(key);
            }
            keys[i] = key;
        }
        values[i] = value;
    }

    @SuppressWarnings("unchecked")
    V remove(long key) {
        int i = slot(key);
        Object old = values[i];
        if (old == null) {
            return null;
        }
        values[i] = null;
        size--;
        // Re-insert the rest of the probe run so that lookups past the hole still find their keys.
        int mask = keys.length - 1;
        for (int j = (i + 1) & mask; values[j] != null; j = (j + 1) & mask) {
            long k = keys[j];
            Object v = values[j];
            values[j] = null;
            int s = slot(k);
            keys[s] = k;
            values[s] = v;
        }
        return (V) old;
    }

    int size() {
        return size;
    }

    @SuppressWarnings("unchecked")
    List<V> values() {
        List<V> list = new ArrayList<>(size);
        for (Object v : values) {
            if (v != null) {
                list.add((V) v);
            }
        }
        return list;
    }

    /** Removes the entries whose value matches. */
    @SuppressWarnings("unchecked")
    void removeIf(java.util.function.Predicate<? super V> filter) {
        List<Long> gone = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null && filter.test((V) values[i])) {
                gone.add(keys[i]);
            }
        }
        gone.forEach(this::remove);
    }

    void clear() {
        java.util.Arrays.fill(values, null);
        size = 0;
    }

    private void grow() {
        long[] oldKeys = keys;
        Object[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new Object[oldValues.length * 2];
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] != null) {
                int s = slot(oldKeys[i]);
                keys[s] = oldKeys[i];
                values[s] = oldValues[i];
            }
        }
    }
}
