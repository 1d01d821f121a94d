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

package jdk.lockstat.viewer;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.DrillNode;
import jdk.lockstat.query.TimeAxis;
import jdk.lockstat.query.TraceModel;

/**
 * What opening a large trace costs in the viewer, without a display: the same model and the same
 * refresh the window runs. Prints the time to the first non-empty tree (the window refreshes every
 * 700 ms while loading; this polls every 100 ms), the time to the complete model, the time to rebuild
 * the tree for each preset afterwards, and the peak heap (sum of the heap pools' peaks after a GC at
 * start: an upper bound). Run it with a small -Xmx to show the bound holds.
 *
 * <p>java -cp ... jdk.lockstat.viewer.OpenTraceBenchmark TRACE
 */
public final class OpenTraceBenchmark {
    private OpenTraceBenchmark() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: OpenTraceBenchmark TRACE");
            System.exit(2);
        }
        Path trace = Path.of(args[0]);
        System.gc();
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            p.resetPeakUsage();
        }
        long size = Files.size(trace);
        TraceModel model = TraceModel.of(trace);
        long start = System.nanoTime();
        long[] firstTree = {-1};
        long[] firstTreeContentions = {0};
        Thread poller = new Thread(() -> {
            while (firstTree[0] < 0 && !Thread.currentThread().isInterrupted()) {
                DrillNode root = model.cube().tree(Presets.DEFAULT.aspects, 0, TimeAxis.BUCKETS, false);
                if (root.count() > 0) {
                    firstTree[0] = System.nanoTime() - start;
                    firstTreeContentions[0] = root.count();
                    return;
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "first-tree");
        poller.setDaemon(true);
        poller.start();
        model.load((read, total, events) -> { });
        long loaded = System.nanoTime() - start;
        poller.interrupt();
        System.out.printf(Locale.ROOT, "trace: %s, %,d bytes (%.1f MB), %,d events, %,d contentions, %,d cube rows, %d threads%n",
                trace, size, size / 1e6, model.events(), model.cube().contentions(), model.cube().rows(),
                model.activity().threads());
        System.out.printf(Locale.ROOT, "first tree: %.2f s (%,d contentions in it)%n", firstTree[0] / 1e9, firstTreeContentions[0]);
        System.out.printf(Locale.ROOT, "complete: %.2f s (%.1f MB/s)%n", loaded / 1e9, size / 1e6 / (loaded / 1e9));
        for (Presets p : Presets.values()) {
            List<Aspect> aspects = p.aspects;
            long t0 = System.nanoTime();
            DrillNode root = model.cube().tree(aspects, 0, TimeAxis.BUCKETS, false);
            long t1 = System.nanoTime();
            System.out.printf(Locale.ROOT, "rebuild %-52s %7.1f ms (%d top-level nodes)%n", p.label, (t1 - t0) / 1e6,
                    root.children().size());
        }
        long t0 = System.nanoTime();
        model.activity().bottleGraph(0, TimeAxis.BUCKETS, true);
        model.activity().timelines(0, TimeAxis.BUCKETS, ThreadTimelineView.MAX_THREADS);
        System.out.printf(Locale.ROOT, "bottle graph + timelines: %.1f ms%n", (System.nanoTime() - t0) / 1e6);
        long peak = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                peak += p.getPeakUsage().getUsed();
            }
        }
        System.gc();
        long live = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        System.out.printf(Locale.ROOT, "peak heap: %.1f MB (sum of pool peaks), live after load and GC: %.1f MB, -Xmx %.0f MB%n",
                peak / 1e6, live / 1e6, Runtime.getRuntime().maxMemory() / 1e6);
    }
}
