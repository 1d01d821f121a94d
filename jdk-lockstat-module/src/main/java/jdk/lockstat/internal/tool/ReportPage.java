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

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import jdk.lockstat.internal.query.AggregationTree;
import jdk.lockstat.internal.query.AspectKeys;
import jdk.lockstat.internal.aggregate.CollapsedStacks;
import jdk.lockstat.internal.query.LockRows;
import jdk.lockstat.internal.format.TraceHeader;
import jdk.lockstat.internal.model.ActivityListener;
import jdk.lockstat.internal.model.Contention;
import jdk.lockstat.internal.model.ContentionSink;
import jdk.lockstat.internal.model.ParkBlockerKind;
import jdk.lockstat.internal.model.QueryInputs;
import jdk.lockstat.internal.model.ThreadRef;
import jdk.lockstat.internal.whatif.HoldCollector;
import jdk.lockstat.internal.whatif.ReplayModel;
import jdk.lockstat.internal.whatif.WhatIf;
import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.LockStatistics;
import jdk.lockstat.query.ReportFormat;
import jdk.lockstat.query.ReportNode;
import jdk.lockstat.query.ThreadActivity;
import jdk.lockstat.query.ThreadState;
import jdk.lockstat.query.TimeAxis;

/**
 * What lockstat report --format html shows, gathered in one pass of the engine through the same sinks the
 * text commands use: the aggregation trees of report (blocked side and owner side by lock, and --by's
 * when given), the collapsed stacks of flame, the per-lock statistics of locks, and the thread activity
 * behind bottle and the viewer's chart over time. The trees and the flame graph see the window and
 * thread filters; the activity sees every thread, as bottle does. And lockstat whatif's predictions by
 * owner method at its default scale (0.5), from the holds the same pass collects.
 */
final class ReportPage {
    static final List<Aspect> BLOCKED_SIDE = List.of(Aspect.LOCK, Aspect.CHAIN);
    static final List<Aspect> OWNER_SIDE = List.of(Aspect.LOCK, Aspect.OWNER_CHAIN);
    /** Rows kept per tree level without --top: enough to see the shape, few enough to read. */
    static final int TOP = 10;
    /** Locks in the table. */
    static final int LOCKS = 25;
    /** What-if candidates, by blocked time and by hold time (lockstat whatif's own default is 10 of each). */
    static final int WHATIF_TOP = 5;
    /**
     * The replay keeps every contention and park it is told of, so beyond this many the page leaves the
     * what-if to lockstat whatif and its memory stays what the rest of the page needs (flat in the trace's
     * length: 151 MB for 10.3 M events).
     */
    static final long WHATIF_MAX_ITEMS = 1_000_000;

    private ReportPage() {}

    /** asked: --by's aspects, or null when not given; top and minPercent prune each tree as report does. */
    static String render(AnalysisRun run, List<Aspect> asked, boolean allFrames, int top, double minPercent, PrintStream err)
            throws ToolException {
        List<List<Aspect>> treeAspects = new ArrayList<>();
        if (asked != null && !asked.equals(BLOCKED_SIDE) && !asked.equals(OWNER_SIDE)) {
            treeAspects.add(asked);
        }
        treeAspects.add(BLOCKED_SIDE);
        treeAspects.add(OWNER_SIDE);
        List<AggregationTree> trees = treeAspects.stream().map(a -> new AggregationTree(a, allFrames)).toList();
        run.withOwnerStates(treeAspects.stream().flatMap(List::stream).toList());
        CollapsedStacks blocked = new CollapsedStacks(false, allFrames), owners = new CollapsedStacks(true, allFrames);
        TimeAxis axis = new TimeAxis();
        ThreadActivity activity = new ThreadActivity(axis);
        BoundedHolds holds = new BoundedHolds(new HoldCollector((lock, part) -> AspectKeys.holdKey(WhatIfCommand.DEFAULT_BY, lock, part, allFrames)),
                WHATIF_MAX_ITEMS);
        QueryInputs.Activity inputs = QueryInputs.ofActivity(activity);
        run.withActivity(ActivityListener.of(inputs.listener(), holds));
        run.withUnfiltered(inputs.sink(), axis::start);
        run.analyze(c -> {
            for (AggregationTree t : trees) {
                t.accept(c);
            }
            blocked.accept(c);
            owners.accept(c);
            holds.accept(c);
        }, err, "report");
        activity.finish(run.result.endNanos());

        int from = axis.bucket(run.windowStart());
        int to = Math.min(TimeAxis.BUCKETS, axis.bucket(Math.max(run.windowStart(), run.windowEnd() - 1)) + 1);
        double[][] average = activity.averageThreads();
        HtmlReport.Timeline timeline = new HtmlReport.Timeline(Arrays.copyOfRange(average[ThreadState.BLOCKED.ordinal()], from, to),
                Arrays.copyOfRange(average[ThreadState.WAITING.ordinal()], from, to), axis.widthNanos(), axis.bucketStart(from));
        TraceHeader header = run.result.parse().header();
        int cpus = header == null ? 0 : header.cpus();

        List<HtmlReport.Tree> pageTrees = new ArrayList<>();
        for (AggregationTree t : trees) {
            ReportNode root = ReportFormat.prune(t.snapshot(), top, minPercent);
            if (t.aspects().equals(BLOCKED_SIDE)) {
                pageTrees.add(new HtmlReport.Tree("blocked-side", "Where threads were blocked",
                        "Each lock, then the call chains of the threads blocked on it.", t.aspects(), root));
            } else if (t.aspects().equals(OWNER_SIDE)) {
                pageTrees.add(new HtmlReport.Tree("owner-side", "What the owners were doing",
                        "Each lock, then the call chains in which its owners held it while others waited: the cause.",
                        t.aspects(), root));
            } else {
                pageTrees.add(new HtmlReport.Tree("by-aspects", "By " + String.join(" > ", t.aspects().stream()
                        .map(Aspect::displayName).toList()), "The tree lockstat report prints for the same --by.", t.aspects(), root));
            }
        }
        HtmlReport.WhatIfTable whatIf = whatIf(run, holds, header);
        List<LockStatistics.Row> locks = LockRows.of(run.analysis.lockStatistics()).rows();
        AggregationTree any = trees.get(0);
        String title = "Lock contention: " + run.file.getFileName()
                + (run.windowText().isEmpty() ? "" : " (" + run.windowText() + ")");
        return HtmlReport.render(new HtmlReport.Content(title, run.reportSource(), run.runNanos(), any.snapshot(),
                any.afterWaitSnapshot(), pageTrees, locks.subList(0, Math.min(LOCKS, locks.size())), locks.size(), allFrames,
                timeline, activity.bottleGraph(from, to, false, cpus), cpus, activity.threads(), blocked.stacks(),
                owners.stacks(), whatIf));
    }

    /**
     * Hands contentions and what threads did to the what-if's collector until max of them,
     * then lets it go (holds becomes null), so that a long trace's page needs no more memory for it.
     */
    static final class BoundedHolds implements ContentionSink, ActivityListener {
        HoldCollector holds;
        private final long max;
        private long items;

        BoundedHolds(HoldCollector holds, long max) {
            this.holds = holds;
            this.max = max;
        }

        private HoldCollector next() {
            if (holds != null && ++items > max) {
                holds = null;
            }
            return holds;
        }

        @Override
        public void accept(Contention c) {
            HoldCollector h = next();
            if (h != null) {
                h.accept(c);
            }
        }

        @Override
        public void threadStarted(ThreadRef thread, long time, boolean existedAtStart) {
            if (holds != null) {
                holds.threadStarted(thread, time, existedAtStart);
            }
        }

        @Override
        public void threadEnded(ThreadRef thread, long time) {
            if (holds != null) {
                holds.threadEnded(thread, time);
            }
        }

        @Override
        public void parked(ThreadRef thread, ParkBlockerKind kind, long from, long to) {
            HoldCollector h = next();
            if (h != null) {
                h.parked(thread, kind, from, to);
            }
        }

        @Override
        public void waitStarted(ThreadRef thread, long time) {
            if (holds != null) {
                holds.waitStarted(thread, time);
            }
        }

        @Override
        public void waitEnded(ThreadRef thread, long time) {
            HoldCollector h = next();
            if (h != null) {
                h.waitEnded(thread, time);
            }
        }

        @Override
        public void vmPause(long time, long duration, int kind) {
            if (holds != null) {
                holds.vmPause(time, duration, kind);
            }
        }

        @Override
        public void parkedUntilEnd(ThreadRef thread, ParkBlockerKind kind, long from) {
            if (holds != null) {
                holds.parkedUntilEnd(thread, kind, from);
            }
        }

        @Override
        public void cpuTime(ThreadRef thread, long time, long cpuNanos) {
            HoldCollector h = next();
            if (h != null) {
                h.cpuTime(thread, time, cpuNanos);
            }
        }
    }

    /** lockstat whatif's table (its defaults) from the holds of this pass; a note instead where it cannot replay. */
    private static HtmlReport.WhatIfTable whatIf(AnalysisRun run, BoundedHolds bounded, TraceHeader header) {
        double scale = WhatIfCommand.DEFAULT_SCALE;
        if (run.analysis.sampling() > 1) {
            return new HtmlReport.WhatIfTable(scale, List.of(), 1.0, "The trace recorded one in " + run.analysis.sampling()
                    + " contentions: the what-if replay needs every hold, so it needs a trace recorded without sampling.", null);
        }
        HoldCollector holds = bounded.holds;
        if (holds == null) {
            return new HtmlReport.WhatIfTable(scale, List.of(), 1.0, String.format(Locale.ROOT, "The trace has more than %,d "
                    + "contentions and parks to replay, more than this page keeps: lockstat whatif TRACE predicts from all of them.",
                    WHATIF_MAX_ITEMS), null);
        }
        holds.cpus(header);
        ReplayModel model = ReplayModel.build(holds, run.windowStart(), run.windowEnd());
        WhatIf.Result r = WhatIf.predict(model, scale, WHATIF_TOP);
        // Waits for a pool's item or a permit name no holder: not replayed, and the page must not let a
        // table of 1.00x speedups pass for "nothing to gain" when they are most of the waiting.
        String caveat = null;
        if (model.resourceWaits() > 0) {
            double share = 100.0 * model.resourceNanos() / Math.max(1, model.resourceNanos() + model.blockedNanos());
            caveat = String.format(Locale.ROOT, "Not in this replay: %.1f%% of the blocked time, %s in %,d wait(s) for a resource "
                    + "(a pool's item, a permit, a queue's element; report --by group shows them as resource): the trace does not "
                    + "say who held the resource, so shortening the sections that hold one cannot be predicted here; the blocked "
                    + "shares below are of the rest.", share,
                    ReportFormat.millis(model.resourceNanos()), model.resourceWaits());
        }
        return new HtmlReport.WhatIfTable(scale, r.sections(), r.replayRatio(), r.sections().isEmpty()
                ? "No holds to replay: no thread was blocked on a lock while another held it." : null, caveat);
    }
}
