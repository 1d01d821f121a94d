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

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import jdk.lockstat.internal.aggregate.ContentionFilter;
import jdk.lockstat.internal.format.TraceFormatException;
import jdk.lockstat.internal.model.ContentionSink;
import jdk.lockstat.internal.reconstruct.ContentionAnalysis;
import jdk.lockstat.query.ReportFormat;

/**
 * What report, flame and locks share: the time window and thread filter options, and one streaming
 * pass of the analysis engine over the trace with warnings for whatever was damaged or incomplete.
 */
final class AnalysisRun {
    static final Set<String> FILTER_OPTIONS = Set.of("--from", "--to", "--thread");
    static final String FILTER_USAGE = "[--from TIME] [--to TIME] [--thread NAME|ID]...";

    final Path file;
    final long from;   // relative to the trace's start, ns; Long.MIN_VALUE: open
    final long to;     // Long.MAX_VALUE: open
    final Set<String> threads;
    ContentionAnalysis analysis;
    ContentionAnalysis.TraceResult result;

    private AnalysisRun(Path file, long from, long to, Set<String> threads) {
        this.file = file;
        this.from = from;
        this.to = to;
        this.threads = threads;
    }

    /** Reads the filter options; usage errors become exit status 2. */
    static AnalysisRun of(Options o, String usage) throws ToolException {
        long from = o.values.containsKey("--from") ? parseTime("--from", o.values.get("--from")) : Long.MIN_VALUE;
        long to = o.values.containsKey("--to") ? parseTime("--to", o.values.get("--to")) : Long.MAX_VALUE;
        if (from != Long.MIN_VALUE && to != Long.MAX_VALUE && to <= from) {
            throw new ToolException("--to must be later than --from", 2);
        }
        Set<String> threads = new LinkedHashSet<>();
        for (String v : o.allValues.getOrDefault("--thread", List.of())) {
            for (String t : v.split(",")) {
                if (!t.isBlank()) {
                    threads.add(t.trim());
                }
            }
        }
        if (o.allValues.containsKey("--thread") && threads.isEmpty()) {
            throw new ToolException("--thread needs a thread name or id", 2);
        }
        Path file = TraceArgument.single(o.positional, usage);
        return new AnalysisRun(file, from, to, threads);
    }

    /**
     * A time relative to the trace's start: a number with an optional unit, ns, us, ms, s (the default)
     * or min; e.g. 2.5, 1500ms, 2s.
     */
    static long parseTime(String option, String value) throws ToolException {
        String v = value.trim().toLowerCase(Locale.ROOT);
        long unit = 1_000_000_000L;
        String[][] units = {{"ns", "1"}, {"us", "1000"}, {"ms", "1000000"}, {"min", "60000000000"}, {"s", "1000000000"}};
        for (String[] u : units) {
            if (v.endsWith(u[0])) {
                unit = Long.parseLong(u[1]);
                v = v.substring(0, v.length() - u[0].length()).trim();
                break;
            }
        }
        double d;
        try {
            d = Double.parseDouble(v);
        } catch (NumberFormatException e) {
            d = Double.NaN;
        }
        if (Double.isNaN(d) || Double.isInfinite(d) || d < 0 || v.isEmpty() || !Character.isDigit(v.charAt(v.length() - 1))) {
            throw new ToolException(option + " needs a time since the trace's start, like 2.5, 1500ms or 2s, not \"" + value + "\"", 2);
        }
        return Math.round(d * unit);
    }

    private boolean ownerStates;

    /** The owner-state and root-owner aspects are wanted: the engine joins the owners' own events in. */
    void withOwnerStates() {
        ownerStates = true;
    }

    /** The engine with these filters before the sink, and the statistics window set. */
    ContentionFilter filtered(ContentionSink sink) {
        return new ContentionFilter(sink, from, to, threads);
    }

    /**
     * Streams the trace through the engine. Damage is reported on err as warnings (the output covers what
     * was readable); a file that cannot be read at all is a ToolException.
     */
    void analyze(ContentionSink sink, PrintStream err, String command) throws ToolException {
        ContentionFilter filter = filtered(sink);
        analysis = new ContentionAnalysis(filter, ContentionAnalysis.Options.defaults().withStatisticsWindow(from, to)
                .withOwnerStates(ownerStates));
        analysis.onTraceStart(filter::traceStart);
        try {
            result = analysis.analyze(file);
        } catch (TraceFormatException e) {
            throw new ToolException(file + ": " + e.getMessage(), 1);
        } catch (IOException e) {
            throw new ToolException("cannot read " + file + ": " + e.getMessage(), 1);
        }
        filter.finish();
        for (String p : result.parse().problems()) {
            err.println("lockstat " + command + ": warning: " + file + ": " + p + " (the output covers what was readable)");
        }
        if (!result.parse().complete() && !result.parse().truncated() && result.parse().intact()) {
            err.println("lockstat " + command + ": warning: " + file + " has no end record (the VM did not close it)");
        }
    }

    /** Exit status: 0 for an intact trace, 1 when it was damaged (the output still covers what was readable). */
    int status() {
        return result.parse().intact() ? 0 : 1;
    }

    List<String> problems() {
        return result.parse().problems();
    }

    /** The window's length in ns within the trace (the run's duration for utilisations). */
    long runNanos() {
        long start = result.startNanos() != Long.MIN_VALUE ? result.startNanos() : 0;
        long end = result.endNanos();
        long a = from == Long.MIN_VALUE ? start : start + from;
        long b = to == Long.MAX_VALUE ? end : Math.min(end, start + to);
        return Math.max(0, b - a);
    }

    /** This run as a report's source. */
    ReportFormat.Source reportSource() {
        String windowJson = from == Long.MIN_VALUE && to == Long.MAX_VALUE ? "null"
                : "{\"fromNanos\": " + (from == Long.MIN_VALUE ? "null" : from) + ", \"toNanos\": "
                  + (to == Long.MAX_VALUE ? "null" : to) + "}";
        return new ReportFormat.Source(file.toString(), windowText(), windowJson, threads, result.parse().complete(),
                problems(), analysis.counters().notes());
    }

    /** "from 1.000 s to 2.000 s" or "" without a window. */
    String windowText() {
        if (from == Long.MIN_VALUE && to == Long.MAX_VALUE) {
            return "";
        }
        return "window " + (from == Long.MIN_VALUE ? "start" : String.format("%.3f s", from / 1e9)) + " to "
                + (to == Long.MAX_VALUE ? "end" : String.format("%.3f s", to / 1e9));
    }
}
