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

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;

/** The trace file argument of a command, checked before anything is read. */
final class TraceArgument {
    private TraceArgument() {}

    static Path single(List<String> positional, String usage) throws ToolException {
        if (positional.size() != 1) {
            throw new ToolException(positional.isEmpty() ? "missing trace file\nusage: " + usage
                    : "expected one trace file, got " + positional.size() + "\nusage: " + usage, 2);
        }
        return checked(positional.get(0));
    }

    /** Two trace files (lockstat diff's base and new), each checked as {@link #single} checks one. */
    static List<Path> pair(List<String> positional, String usage) throws ToolException {
        if (positional.size() != 2) {
            throw new ToolException("expected two trace files (base, then new), got " + positional.size() + "\nusage: " + usage, 2);
        }
        return List.of(checked(positional.get(0)), checked(positional.get(1)));
    }

    private static Path checked(String name) throws ToolException {
        Path p;
        try {
            p = Path.of(name);
        } catch (InvalidPathException e) {
            throw new ToolException("invalid file name " + name, 2);
        }
        if (!Files.exists(p)) {
            throw new ToolException("no such file: " + p, 1);
        }
        if (Files.isDirectory(p)) {
            throw new ToolException(p + " is a directory, not a trace file", 1);
        }
        if (!Files.isReadable(p)) {
            throw new ToolException("cannot read " + p + " (permission denied)", 1);
        }
        return p;
    }
}
