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
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import jdk.lockstat.internal.aggregate.ContentionFilter;
import jdk.lockstat.internal.format.TraceFormatException;
import jdk.lockstat.internal.model.ActivityListener;
import jdk.lockstat.internal.model.ContentionSink;
import jdk.lockstat.internal.model.ThreadRef;
import jdk.lockstat.internal.query.TraceQueries;
import jdk.lockstat.internal.reconstruct.ContentionAnalysis;
import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.DurationText;
import jdk.lockstat.query.ReportFormat;

/**
 * What report, flame, export and locks share: the time window and thread filter options, and one
 * streaming pass of the analysis engine over the trace with warnings for whatever was damaged or
 * incomplete. A window outside the trace or a thread filter that names none of its threads is a usage
 * error, told after the pass (only the pass knows the trace's end and its threads) and before any output:
 * an empty report would read as "no contention" rather than as a mistyped option.
 */
final class AnalysisRun {
    static final Set<String> FILTER_OPTIONS = Set.of("--from", "--to", "--thread");
    static final String FILTER_USAGE = "[--from TIME] [--to TIME] [--thread NAME|ID]...";
    /** Thread names listed when --thread matched none: enough to spot a typo, short enough for one line. */
    static final int MAX_THREADS_NAMED = 20;

    final Path file;
    final long from;   // relative to the trace's start, ns; Long.MIN_VALUE: open
    final long to;     // Long.MAX_VALUE: open
    final Set<String> threads;
    /** --from and --to as given, for messages. */
    private final String fromText, toText;
    ContentionAnalysis analysis;
    ContentionAnalysis.TraceResult result;

    private AnalysisRun(Path file, long from, long to, Set<String> threads, String fromText, String toText) {
        this.file = file;
        this.from = from;
        this.to = to;
        this.threads = threads;
        this.fromText = fromText;
        this.toText = toText;
    }

    /**
     * Reads the filter options; usage errors become exit status 2. Those that need the trace (the window
     * against its extent, --thread against its threads) are checked by {@link #analyze}.
     */
    static AnalysisRun of(Options o, String usage) throws ToolException {
        long from = o.values.containsKey("--from") ? parseTime("--from", o.values.get("--from")) : Long.MIN_VALUE;
        long to = o.values.containsKey("--to") ? parseTime("--to", o.values.get("--to")) : Long.MAX_VALUE;
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
        return new AnalysisRun(file, from, to, threads, o.values.get("--from"), o.values.get("--to"));
    }

    /** A run over the whole of one trace, without filters (lockstat diff reads two). */
    static AnalysisRun whole(Path file) {
        return new AnalysisRun(file, Long.MIN_VALUE, Long.MAX_VALUE, Set.of(), null, null);
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
    private boolean rootOwners;
    private ActivityListener activity;
    private ContentionSink unfiltered;
    private java.util.function.LongConsumer startListener;

    /** Also tells the listener what threads did besides contending (lifetimes, parks, waits). */
    void withActivity(ActivityListener listener) {
        activity = listener;
    }

    /**
     * Also hands every contention, before the window and thread filters, to tap (timelines and bottle
     * graphs show all threads), and tells start the trace's start when it is known.
     */
    void withUnfiltered(ContentionSink tap, java.util.function.LongConsumer start) {
        unfiltered = tap;
        startListener = start;
    }

    /**
     * The engine joins the owners' own events in where an aspect needs them (owner-state, root owners),
     * keeping owner parts for transitive blame only for the root-owner aspects.
     */
    void withOwnerStates(Collection<Aspect> aspects) {
        ownerStates |= aspects.stream().anyMatch(Aspect::needsOwnerStates);
        rootOwners |= aspects.stream().anyMatch(Aspect::needsRootOwners);
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
        ContentionSink tap = unfiltered;
        ContentionSink first = tap == null ? filter : c -> {
            tap.accept(c);
            filter.accept(c);
        };
        // Parts folded per holder unless something asks for their intervals: a window clips them, and an
        // activity listener (the HTML page's what-if holds) replays them.
        boolean fold = activity == null && from == Long.MIN_VALUE && to == Long.MAX_VALUE;
        analysis = new ContentionAnalysis(first, ContentionAnalysis.Options.defaults().withStatisticsWindow(from, to)
                .withOwnerStates(ownerStates, rootOwners).withFoldedParts(fold));
        if (startListener != null) {
            analysis.onTraceStart(startListener);
        }
        analysis.onTraceStart(filter::traceStart);
        if (activity != null) {
            analysis.activityListener(activity);
        }
        try {
            result = analysis.analyze(file);
        } catch (TraceFormatException e) {
            throw new ToolException(file + ": " + e.getMessage(), 1);
        } catch (IOException e) {
            throw new ToolException("cannot read " + file + ": " + e.getMessage(), 1);
        }
        filter.finish();
        checkWindow();
        checkThreads(err, command);
        for (String w : TraceQueries.warnings(file.toString(), analysis, result)) {
            err.println("lockstat " + command + ": warning: " + w);
        }
    }

    /**
     * The window must overlap the trace: --to after --from, --to after the trace's start, --from before
     * its end (--from 0 is always the start, even of a trace without events). Each message says the
     * trace's extent, in the times --from and --to take.
     */
    private void checkWindow() throws ToolException {
        boolean hasFrom = from != Long.MIN_VALUE, hasTo = to != Long.MAX_VALUE;
        long start = result.startNanos();
        long length = start == Long.MIN_VALUE ? -1 : Math.max(0, result.endNanos() - start);   // -1: no header
        String problem = null;
        if (hasFrom && hasTo && to <= from) {
            problem = "--to must be later than --from (--from " + fromText.trim() + ", --to " + toText.trim() + ")";
        } else if (hasTo && to == 0) {
            problem = "--to " + toText.trim() + " is the trace's start: the window is empty";
        } else if (hasFrom && from > 0 && length >= 0 && from >= length) {
            problem = "--from " + fromText.trim() + " is " + (from == length ? "the trace's end" : "after the trace's end")
                    + ": the window is empty";
        }
        if (problem != null) {
            throw new ToolException(problem + "; " + extentText(length), 2);
        }
    }

    /** "the trace runs from 0 s to 12.300 s": the end in seconds to the millisecond, shorter ones as read. */
    static String extentText(long length) {
        if (length < 0) {
            return "the trace has no header, so its start is unknown";
        }
        String end = length >= 1_000_000_000L ? String.format(Locale.ROOT, "%.3f s", length / 1e9) : DurationText.of(length);
        return "the trace runs from 0 s to " + end;
    }

    /**
     * --thread must name a thread of the trace (by name or id): when none of its values does, a usage
     * error listing the trace's thread names (sorted, at most {@link #MAX_THREADS_NAMED}); when only some
     * do, a warning naming the others.
     */
    private void checkThreads(PrintStream err, String command) throws ToolException {
        if (threads.isEmpty()) {
            return;
        }
        Set<String> known = new HashSet<>();
        TreeSet<String> names = new TreeSet<>();
        TreeSet<Long> ids = new TreeSet<>();
        for (ThreadRef t : analysis.threads()) {
            known.add(Long.toString(t.id()));
            ids.add(t.id());
            if (t.name() != null) {
                known.add(t.name());
                names.add(t.displayName());
            }
        }
        List<String> unmatched = threads.stream().filter(t -> !known.contains(t)).toList();
        if (unmatched.size() < threads.size()) {
            if (!unmatched.isEmpty()) {
                err.println("lockstat " + command + ": warning: --thread " + String.join(",", unmatched)
                        + " matches no thread in the trace (the output has the others)");
            }
            return;
        }
        String list = names.isEmpty() ? "no thread in it has a name; their ids: " + firstOf(ids) : "its threads: " + firstOf(names);
        throw new ToolException("--thread " + String.join(",", threads) + " matches no thread in the trace, by name or id; "
                + list, 2);
    }

    /** "a, b, c" or, past {@link #MAX_THREADS_NAMED}, the first ones and ", and 7 more". */
    private static String firstOf(TreeSet<?> sorted) {
        return String.join(", ", sorted.stream().limit(MAX_THREADS_NAMED).map(String::valueOf).toList())
                + (sorted.size() > MAX_THREADS_NAMED ? ", and " + (sorted.size() - MAX_THREADS_NAMED) + " more" : "");
    }

    /**
     * Exit status: 0 for an intact trace, 1 when it was damaged (the output still covers what was readable):
     * its structure, or an event's sequence number by the rule verify applies too.
     */
    int status() {
        return result.parse().intact() && analysis.counters().implausibleSequenceNumbers() == 0 ? 0 : 1;
    }

    List<String> problems() {
        return result.parse().problems();
    }

    /** The window's length in ns within the trace (the run's duration for utilisations). */
    long runNanos() {
        return Math.max(0, windowEnd() - windowStart());
    }

    /** The window's start on the trace's clock (the trace's start without --from). */
    long windowStart() {
        long start = result.startOrZero();
        return from == Long.MIN_VALUE ? start : start + from;
    }

    /** The window's end on the trace's clock (the trace's end without --to). */
    long windowEnd() {
        long start = result.startOrZero();
        long end = result.endNanos();
        return to == Long.MAX_VALUE ? end : Math.min(end, start + to);
    }

    /** This run as a report's source. */
    ReportFormat.Source reportSource() {
        String windowJson = from == Long.MIN_VALUE && to == Long.MAX_VALUE ? "null"
                : "{\"fromNanos\": " + (from == Long.MIN_VALUE ? "null" : from) + ", \"toNanos\": "
                  + (to == Long.MAX_VALUE ? "null" : to) + "}";
        return new ReportFormat.Source(file.toString(), windowText(), windowJson, threads, result.parse().complete(),
                problems(), analysis.counters().notes(), analysis.sampling());
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
