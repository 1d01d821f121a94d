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
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import jdk.lockstat.internal.query.TraceQueries;
import jdk.lockstat.internal.query.WhatIfText;
import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.ReportFormat;

/**
 * LockStat.report for a recording without online analysis: the query layer's whole-trace passes over a
 * dump of the trace so far, rendered as lockstat report, whatif and export render them (the same engine,
 * the same text).
 */
final class OfflineReport {
    private OfflineReport() {}

    /**
     * label: what the report is of, shown instead of the temporary file's name. format whatif: lockstat
     * whatif's text (by: its section aspect). A bad by is an IllegalArgumentException naming the choices.
     */
    static String render(Path trace, String label, String by, long top, String format) throws IOException {
        boolean given = by != null && !by.isBlank();   // else each command's own default
        int n = top > 0 && top <= Integer.MAX_VALUE ? (int) top : format.equals("whatif") ? WhatIfText.DEFAULT_TOP : Integer.MAX_VALUE;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        List<String> warnings;
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            if (format.equals("whatif")) {
                Aspect a = given ? sectionAspect(by) : WhatIfText.DEFAULT_BY;
                TraceQueries.Prediction p = TraceQueries.whatIf(trace, label, a, WhatIfText.DEFAULT_SCALE, n, false);
                WhatIfText.write(out, label, "", a, p.result(), false, false);
                warnings = p.warnings();
            } else {
                List<Aspect> aspects = Aspect.parseList(given ? by.trim() : ReportFormat.DEFAULT_ASPECTS);
                TraceQueries.Report r = TraceQueries.report(trace, label, aspects, false);
                ReportFormat.write(out, format, r.source(), aspects, r.main(), r.afterWait(), n, 0);
                warnings = r.warnings();
            }
        }
        return bytes.toString(StandardCharsets.UTF_8) + warningLines(warnings);
    }

    /** lockstat export's owner-side pprof profile of trace, written to out; returns its warnings. */
    static String exportPprof(Path trace, String label, Path out) throws IOException {
        TraceQueries.Profile p = TraceQueries.pprof(trace, label, true);
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(out))) {
            o.write(p.proto());
        }
        StringBuilder sb = new StringBuilder(warningLines(p.warnings()));
        p.notes().forEach(n -> sb.append("LockStat.report: note: ").append(n).append('\n'));
        return sb.toString();
    }

    private static Aspect sectionAspect(String by) {
        Aspect a = Aspect.byName(by);
        if (a == null || !a.namesSections()) {
            throw new IllegalArgumentException("by=" + by.trim() + ": a what-if section is named by an owner aspect or its lock");
        }
        return a;
    }

    private static String warningLines(List<String> warnings) {
        StringBuilder sb = new StringBuilder();
        for (String w : warnings) {
            sb.append("LockStat.report: warning: ").append(w).append('\n');
        }
        return sb.toString();
    }
}
