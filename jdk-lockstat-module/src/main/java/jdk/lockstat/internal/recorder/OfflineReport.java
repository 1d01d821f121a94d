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

package jdk.lockstat.internal.recorder;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import jdk.lockstat.internal.tool.Main;

/**
 * LockStat.report for a recording without online analysis: lockstat report on a dump of the trace
 * so far, the same engine and text as on the command line.
 */
final class OfflineReport {
    private OfflineReport() {}

    /**
     * label: what the report is of, shown instead of the temporary file's name. format whatif: lockstat
     * whatif's text (by: its section aspect).
     */
    static String render(Path trace, String label, String by, long top, String format) {
        List<String> args = new ArrayList<>(format.equals("whatif") ? List.of("whatif") : List.of("report", "--format", format));
        if (by != null && !by.isBlank()) {   // else each command's own default
            args.add("--by");
            args.add(by.trim());
        }
        if (top > 0 && top <= Integer.MAX_VALUE) {
            args.add("--top");
            args.add(Long.toString(top));
        }
        args.add(trace.toString());
        String[] outErr = run(args);
        return outErr[0].replace(trace.toString(), label) + (outErr[1].isBlank() ? "" : outErr[1]);
    }

    /** lockstat export's owner-side pprof profile of trace, written to out; returns what it reported. */
    static String exportPprof(Path trace, Path out) {
        String[] outErr = run(List.of("export", "--format", "pprof", "-o", out.toString(), trace.toString()));
        return outErr[0] + outErr[1];
    }

    /** lockstat with args: its standard output and error. */
    private static String[] run(List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            Main.run(args.toArray(String[]::new), o, e);
        }
        return new String[] {out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }
}
