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

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads back what {@link PprofProfile} writes, for tests: the profile.proto fields the functions need
 * (string_table 6, function 5), and the name {@code go tool pprof} shows for a function.
 */
final class DecodedProfile {
    private static final int FUNCTION = 5, STRING_TABLE = 6;
    private static final int FUNCTION_ID = 1, FUNCTION_NAME = 2, FUNCTION_SYSTEM_NAME = 3;

    private DecodedProfile() {}

    /** Each function as {id, name, system name} ("" where a field is left out). */
    static List<String[]> functions(byte[] profile) {
        List<String> strings = new ArrayList<>();
        List<long[]> functions = new ArrayList<>();   // id, name index, system name index
        Reader r = new Reader(profile, 0, profile.length);
        while (r.more()) {
            long key = r.varint();
            int field = (int) (key >>> 3), wire = (int) (key & 7);
            if (wire == 2 && field == STRING_TABLE) {
                strings.add(r.string());
            } else if (wire == 2 && field == FUNCTION) {
                Reader f = r.message();
                long[] fn = new long[3];
                while (f.more()) {
                    long k = f.varint();
                    int ff = (int) (k >>> 3);
                    if ((k & 7) != 0) {
                        f.skip((int) (k & 7));
                        continue;
                    }
                    long v = f.varint();
                    switch (ff) {
                        case FUNCTION_ID -> fn[0] = v;
                        case FUNCTION_NAME -> fn[1] = v;
                        case FUNCTION_SYSTEM_NAME -> fn[2] = v;
                        default -> { }
                    }
                }
                functions.add(fn);
            } else {
                r.skip(wire);
            }
        }
        List<String[]> out = new ArrayList<>();
        for (long[] fn : functions) {
            out.add(new String[] {Long.toString(fn[0]), strings.get((int) fn[1]), strings.get((int) fn[2])});
        }
        return out;
    }

    /**
     * The name go tool pprof shows, by its symbolizer's rule (internal/symbolizer Demangle, the default
     * mode): a function whose name is set and differs from its system name is taken as demangled; any
     * other is demangled from its system name, and a name that is no mangled C++ name but looks like a
     * demangled one ('&lt;', '&gt;', '[', ']' or "::", and no ".&lt;" as in Java's {@code <init>}) loses what
     * is between parentheses and between angle brackets.
     */
    static String nameShownByPprof(String name, String systemName) {
        if (!name.isEmpty() && !systemName.equals(name)) {
            return name;
        }
        String shown = systemName;
        boolean looksLikeCpp = !shown.contains(".<") && (shown.matches(".*[<>\\[\\]].*") || shown.contains("::"));
        if (looksLikeCpp) {
            shown = removeMatching(removeMatching(shown, '(', ')'), '<', '>');
        }
        return shown;
    }

    /** Removes nested start..end groups, leaving the name as it is where they do not match. */
    private static String removeMatching(String name, char start, char end) {
        StringBuilder sb = new StringBuilder();
        int nesting = 0;
        for (char c : name.toCharArray()) {
            if (c == start) {
                nesting++;
            } else if (c == end) {
                if (--nesting < 0) {
                    return name;
                }
            } else if (nesting == 0) {
                sb.append(c);
            }
        }
        return nesting == 0 ? sb.toString() : name;
    }

    /** A bounded view of the bytes, read front to back. */
    private static final class Reader {
        private final byte[] bytes;
        private int pos;
        private final int end;

        Reader(byte[] bytes, int pos, int end) {
            this.bytes = bytes;
            this.pos = pos;
            this.end = end;
        }

        boolean more() {
            return pos < end;
        }

        long varint() {
            long v = 0;
            for (int shift = 0; ; shift += 7) {
                byte b = bytes[pos++];
                v |= (long) (b & 0x7f) << shift;
                if (b >= 0) {
                    return v;
                }
            }
        }

        String string() {
            int n = (int) varint();
            String s = new String(bytes, pos, n, StandardCharsets.UTF_8);
            pos += n;
            return s;
        }

        Reader message() {
            int n = (int) varint();
            Reader r = new Reader(bytes, pos, pos + n);
            pos += n;
            return r;
        }

        void skip(int wire) {
            switch (wire) {
                case 0 -> varint();
                case 1 -> pos += 8;
                case 2 -> {
                    int n = (int) varint();   // first: pos moves past the length
                    pos += n;
                }
                case 5 -> pos += 4;
                default -> throw new IllegalStateException("wire type " + wire);
            }
        }
    }
}
