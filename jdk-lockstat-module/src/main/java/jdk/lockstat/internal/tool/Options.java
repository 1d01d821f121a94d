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

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Minimal option parsing: --flag, --key value, --key=value, -k value, and positional arguments. */
final class Options {
    /**
     * Show the locking mechanism's frames (Unsafe, LockSupport, AQS, ...) at the top of chains, which
     * every command leaves out by default (ChainRef.frames(boolean)); given before the command name or
     * among the options of a command that shows chains.
     */
    static final String ALL_FRAMES = "--all-frames";
    final Map<String, String> values = new LinkedHashMap<>();
    /** Every value of each option, for options that may be repeated. */
    final Map<String, List<String>> allValues = new LinkedHashMap<>();
    final Set<String> flags = new HashSet<>();
    final List<String> positional = new ArrayList<>();

    static Options parse(List<String> args, Set<String> flagNames, Set<String> valueNames, String usage)
            throws ToolException {
        Options o = new Options();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.startsWith("--") && a.length() > 2) {
                String name = a, value = null;
                int eq = a.indexOf('=');
                if (eq > 0) {
                    name = a.substring(0, eq);
                    value = a.substring(eq + 1);
                }
                if (flagNames.contains(name) && value == null) {
                    o.flags.add(name);
                } else if (valueNames.contains(name)) {
                    if (value == null) {
                        if (i + 1 >= args.size()) {
                            throw new ToolException(name + " needs a value\nusage: " + usage, 2);
                        }
                        value = args.get(++i);
                    }
                    o.values.put(name, value);
                    o.allValues.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
                } else {
                    throw new ToolException("unknown option " + a + "\nusage: " + usage, 2);
                }
            } else if (a.length() == 2 && a.charAt(0) == '-' && valueNames.contains(a)) {
                // a short option with a value, such as -o FILE
                if (i + 1 >= args.size()) {
                    throw new ToolException(a + " needs a value\nusage: " + usage, 2);
                }
                String value = args.get(++i);
                o.values.put(a, value);
                o.allValues.computeIfAbsent(a, k -> new ArrayList<>()).add(value);
            } else {
                o.positional.add(a);
            }
        }
        return o;
    }
}
