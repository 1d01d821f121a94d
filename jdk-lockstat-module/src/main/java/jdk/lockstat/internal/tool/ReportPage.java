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

import jdk.lockstat.internal.aggregate.AggregationTree;
import jdk.lockstat.internal.aggregate.CollapsedStacks;
import jdk.lockstat.internal.format.TraceHeader;
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
 * thread filters; the activity sees every thread, as bottle does.
 */
final class ReportPage {
    static final List<Aspect> BLOCKED_SIDE = List.of(Aspect.LOCK, Aspect.CHAIN);
    static final List<Aspect> OWNER_SIDE = List.of(Aspect.LOCK, Aspect.OWNER_CHAIN);
    /** Rows kept per tree level without --top: enough to see the shape, few enough to read. */
    static final int TOP = 10;
    /** Locks in the table. */
    static final int LOCKS = 25;

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
        if (treeAspects.stream().flatMap(List::stream).anyMatch(Aspect::needsOwnerStates)) {
            run.withOwnerStates();
        }
        CollapsedStacks blocked = new CollapsedStacks(false, allFrames), owners = new CollapsedStacks(true, allFrames);
        TimeAxis axis = new TimeAxis();
        ThreadActivity activity = new ThreadActivity(axis);
        run.withActivity(activity);
        run.withUnfiltered(activity, axis::start);
        run.analyze(c -> {
            for (AggregationTree t : trees) {
                t.accept(c);
            }
            blocked.accept(c);
            owners.accept(c);
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
        List<LockStatistics.Row> locks = run.analysis.lockStatistics().rows();
        AggregationTree any = trees.get(0);
        String title = "Lock contention: " + run.file.getFileName()
                + (run.windowText().isEmpty() ? "" : " (" + run.windowText() + ")");
        return HtmlReport.render(new HtmlReport.Content(title, run.reportSource(), run.runNanos(), any.snapshot(),
                any.afterWaitSnapshot(), pageTrees, locks.subList(0, Math.min(LOCKS, locks.size())), locks.size(), allFrames,
                timeline, activity.bottleGraph(from, to, false, cpus), cpus, activity.threads(), blocked.stacks(),
                owners.stacks()));
    }
}
