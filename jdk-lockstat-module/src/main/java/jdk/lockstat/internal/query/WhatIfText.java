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

package jdk.lockstat.internal.query;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.whatif.CriticalPath;
import jdk.lockstat.internal.whatif.ReplayModel;
import jdk.lockstat.internal.whatif.WhatIf;
import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.ChainLabels;
import jdk.lockstat.query.ReportFormat;

/**
 * A what-if prediction as text (docs/report-format.md, "lockstat whatif"): sections ranked by predicted
 * gain beside their blocked share, the notes that say what the replay assumed, and on request the
 * replay's critical path. lockstat whatif and jcmd LockStat.report format=whatif print it.
 */
public final class WhatIfText {
    /** lockstat whatif's sections, their holds' scale and how many without --by, --scale and --top. */
    public static final Aspect DEFAULT_BY = Aspect.OWNER_METHOD;
    public static final double DEFAULT_SCALE = 0.5;
    public static final int DEFAULT_TOP = 10;

    private WhatIfText() {}

    /** name: the trace as the first line calls it; windowText: its time window, "" for the whole trace. */
    public static void write(PrintStream out, String name, String windowText, Aspect by, WhatIf.Result r, boolean allFrames,
                             boolean criticalPath) {
        text(out, name, windowText, by, r, allFrames);
        if (criticalPath) {
            criticalPathText(out, r, allFrames);
        }
    }

    private static String keyText(Object key, boolean allFrames) {
        return ChainRef.keyText(key, allFrames);
    }

    private static void text(PrintStream out, String name, String windowText, Aspect by, WhatIf.Result r, boolean allFrames) {
        ReplayModel m = r.model();
        out.printf("What if a section's holds took %s of their time: %s, by %s (run %s%s)%n",
                String.format(Locale.ROOT, "%.2f", r.scale()), name, by.displayName(), ReportFormat.millis(m.runNanos()),
                windowText.isEmpty() ? "" : ", " + windowText);
        if (m.threadCount() == 0 || r.sections().isEmpty()) {
            out.println("  no holds to replay: no thread was blocked on a lock while another held it");
            notes(out, r);
            return;
        }
        out.printf(Locale.ROOT, "Replayed: %d thread(s), %,d hold(s) on %d lock(s); the recorded run replayed goes at %.2f of its speed%n%n",
                m.threadCount(), m.holdCount(), m.lockCount(), r.replayRatio());
        out.printf("  %9s  %8s %7s  %8s  %8s  %s%n", "speedup", "blocked", "rank", "held", "on path", "section");
        List<List<String>> frames = new ArrayList<>();
        for (WhatIf.Section s : r.sections()) {
            frames.add(s.key() instanceof ChainRef c && c.defined() ? List.of(keyText(c, allFrames).split(ChainLabels.CALLED_FROM, -1)) : null);
        }
        List<String> labels = ChainLabels.ofFrames(frames, 1);
        for (int i = 0; i < r.sections().size(); i++) {
            WhatIf.Section s = r.sections().get(i);
            out.printf(Locale.ROOT, "  %8.2fx  %7.2f%% %7s  %7.2f%%  %7.2f%%  %s%n", s.predictedSpeedup(), s.blockedPercent(),
                    "#" + s.blockedRank(), s.ownerPercent(), s.criticalPathPercent(),
                    labels.get(i) != null ? labels.get(i) : keyText(s.key(), allFrames));
            if (frames.get(i) != null) {
                for (int j = 1; j < Math.min(frames.get(i).size(), 5); j++) {
                    out.println(" ".repeat(49) + "at " + frames.get(i).get(j));
                }
            }
        }
        List<String> disagree = new ArrayList<>();
        for (int i = 0; i < r.sections().size(); i++) {
            if (r.sections().get(i).blockedRank() != i + 1) {
                disagree.add(keyText(r.sections().get(i).key(), allFrames));
            }
        }
        out.println();
        out.println(disagree.isEmpty() ? "Ranked by gain as by blocked time."
                : "Ranked by gain differently from blocked time (rank: by blocked time): blocked time is not what a shorter section gives back.");
        notes(out, r);
    }

    private static void notes(PrintStream out, WhatIf.Result r) {
        ReplayModel m = r.model();
        double busy = m.cpuBusy();
        List<String> notes = new ArrayList<>();
        if (!Double.isNaN(m.cpuModelRejected())) {
            notes.add(String.format(Locale.ROOT, "the run kept %.0f%% of its CPUs busy, but sharing them among the replayed threads went "
                    + "at %.2f of the recorded speed (their time off a CPU is not all in parks and waits: sleeps, I/O), so each "
                    + "thread's own time stays as recorded; a shorter CPU-bound section's gain may be overstated", 100 * busy,
                    m.cpuModelRejected()));
        }
        if (m.replayCpus() > 0) {
            notes.add(String.format(Locale.ROOT, "the run kept %.0f%% of its CPUs busy: the replay shares %.1f CPUs among the threads "
                    + "that were not parked (their own time as CPU time, from their recorded CPU time), so a shorter section gives its "
                    + "CPU to the others; time they waited for a CPU in the run is what the replay makes it (lockstat help whatif)",
                    100 * busy, m.replayCpus()));
        }
        notes.add("speedup: the threads' summed rate of lock acquisitions in a replay of the run with the section's holds scaled, "
                + "over the same replay unscaled; held: the section's holds as a percent of the run; blocked: the blocked time charged to its holders; "
                + "on path: its share of the replay's critical path (--critical-path)");
        notes.add("only holds some thread waited behind are in the trace; time spent in the section while no one waited stays as it was, "
                + "so a section contended only part of the time gains less in the replay than it may in the program (lockstat help whatif)");
        if (m.unknownHoldCount() > 0) {
            notes.add(m.unknownHoldCount() + " hold(s) after a blocked interval had no one waiting behind them: each ends, as estimated, "
                    + "where its owner parked next or another thread took the lock");
        }
        if (m.resourceWaits() > 0) {
            notes.add(m.resourceWaits() + " wait(s) for a resource (" + ReportFormat.millis(m.resourceNanos())
                    + ") are not replayed: a resource's holders share it, which the replay of one owner at a time does not model");
        }
        if (r.deadlocksBroken() > 0) {
            notes.add(r.deadlocksBroken() + " time(s) the replay found threads waiting for each other's lock, from holds whose estimated "
                    + "starts or ends crossed; the earliest waiter went on");
        }
        out.println("Notes:");
        for (String n : notes) {
            out.println("  " + n);
        }
    }

    /**
     * --critical-path: the unscaled replay's critical path, from the thread that ends last back through
     * the releases it waited for, and what it was spent on.
     */
    private static void criticalPathText(PrintStream out, WhatIf.Result r, boolean allFrames) {
        CriticalPath p = r.criticalPath();
        ReplayModel m = r.model();
        out.println();
        out.printf(Locale.ROOT, "Critical path: %s through %d thread(s) and %,d hand-off(s), from the thread that ends last back through "
                + "the releases it waited for%n", ReportFormat.millis(p.nanos()), p.threads(), p.handOffs());
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < m.sectionCount(); i++) {
            if (p.sectionNanos(i) > 0) {
                rows.add(new Object[] {p.sectionNanos(i), keyText(m.section(i), allFrames)});
            }
        }
        rows.add(new Object[] {p.outsideNanos(), "<outside the locks>"});
        rows.add(new Object[] {p.handOffNanos(), "<hand-off>"});
        rows.sort((a, b) -> Long.compare((Long) b[0], (Long) a[0]));
        for (Object[] row : rows) {
            long nanos = (Long) row[0];
            out.printf(Locale.ROOT, "  %7.2f%% %16s  %s%n", p.nanos() == 0 ? 0.0 : 100.0 * nanos / p.nanos(), ReportFormat.millis(nanos), row[1]);
        }
    }
}
