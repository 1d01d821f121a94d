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
import java.util.List;
import java.util.Locale;
import java.util.Set;

import jdk.lockstat.query.BottleGraph;
import jdk.lockstat.query.ReportFormat;
import jdk.lockstat.query.TraceModel;

/**
 * lockstat bottle: each thread's (or group's) box of the bottle graph, as the viewer draws it: height (its
 * share of the run time) and width (its parallelism), from the threads' recorded CPU time, with the time
 * each was runnable but had no CPU.
 */
final class BottleCommand implements Command {
    static final String GROUP_BY_NAME = "--group-by-name";

    @Override
    public String name() {
        return "bottle";
    }

    @Override
    public String usage() {
        return "lockstat bottle [--format text|json] [--group-by-name] TRACE";
    }

    @Override
    public String description() {
        return "bottle graph: each thread's share of the run time (height) and parallelism (width), from CPU time";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) throws ToolException {
        Options o = Options.parse(args, Set.of(GROUP_BY_NAME), Set.of("--format"), usage());
        String format = o.values.getOrDefault("--format", "text");
        if (!format.equals("text") && !format.equals("json")) {
            throw new ToolException("--format must be text or json, not " + format, 2);
        }
        Path file = TraceArgument.single(o.positional, usage());
        TraceModel model = TraceModel.activityOf(file);
        try {
            model.load((read, total, events) -> { });
        } catch (IOException e) {
            throw new ToolException("cannot read " + file + ": " + e.getMessage(), 1);
        }
        model.problems().forEach(p -> err.println("lockstat bottle: " + file + ": " + p));
        if (model.sampling() > 1) {
            err.println("lockstat bottle: note: " + file + " recorded one in " + model.sampling()
                    + " contentions: threads show as blocked only in the recorded ones");
        }
        BottleGraph g = model.activity().bottleGraph(0, model.lastBucket(), o.flags.contains(GROUP_BY_NAME), model.cpus());
        if (format.equals("json")) {
            json(out, file, model.cpus(), g);
        } else {
            text(out, file, model.cpus(), g);
        }
        out.flush();
        return model.problems().isEmpty() ? 0 : 1;
    }

    private static void text(PrintStream out, Path file, int cpus, BottleGraph g) {
        out.printf("Bottle graph: %s (%s CPUs; running %s)%n", file, cpus > 0 ? Integer.toString(cpus) : "?",
                g.cpuRecorded() ? "on a CPU, from the threads' recorded CPU time"
                        : "is alive and not blocked: the trace has no CPU time");
        out.printf("Window %s; the boxes' heights add up to %s%n", ReportFormat.millis(g.windowNanos()),
                ReportFormat.millis(g.sharedNanos()));
        if (g.boxes().isEmpty()) {
            out.println("  no thread ran");
            return;
        }
        out.printf("%14s %7s %14s %14s %8s  %s%n", "height ms", "width", "running ms", "runnable ms", "threads", "thread");
        // As drawn: the widest box at the bottom, so the top of this list is the top of the bottle.
        List<BottleGraph.Box> boxes = g.boxes();
        for (BottleGraph.Box b : boxes) {
            out.printf(Locale.ROOT, "%,14.3f %7.2f %,14.3f %,14.3f %8d  %s%n", b.shareNanos() / 1e6, b.parallelism(),
                    b.runningNanos() / 1e6, b.runnableNanos() / 1e6, b.threads(), b.label());
        }
        if (g.untracedThreads() > 0) {
            out.println(g.untracedThreads() + " thread(s) without a traced event or CPU time left out");
        }
        if (g.oversubscribed()) {
            long running = boxes.stream().mapToLong(BottleGraph.Box::runningNanos).sum();
            out.printf(Locale.ROOT, "Runnable threads waited for a CPU for %s (%.0f%% of their running time): more threads were "
                    + "ready to run than %s CPUs could run; that is not parallelism.%n", ReportFormat.millis(g.runnableNanos()),
                    100.0 * g.runnableNanos() / Math.max(1, running), cpus > 0 ? Integer.toString(cpus) : "the");
        }
    }

    private static void json(PrintStream out, Path file, int cpus, BottleGraph g) {
        StringBuilder sb = new StringBuilder("{\n");
        sb.append("  \"trace\": ").append(Json.quote(file.toString())).append(",\n");
        sb.append("  \"cpus\": ").append(cpus).append(",\n");
        sb.append("  \"cpuTimeRecorded\": ").append(g.cpuRecorded()).append(",\n");
        sb.append("  \"windowNanos\": ").append(g.windowNanos()).append(",\n");
        sb.append("  \"heightNanos\": ").append(g.sharedNanos()).append(",\n");
        sb.append("  \"runnableNanos\": ").append(g.runnableNanos()).append(",\n");
        sb.append("  \"oversubscribed\": ").append(g.oversubscribed()).append(",\n");
        sb.append("  \"untracedThreads\": ").append(g.untracedThreads()).append(",\n");
        sb.append("  \"boxes\": [");
        List<BottleGraph.Box> boxes = g.boxes();
        for (int i = 0; i < boxes.size(); i++) {
            BottleGraph.Box b = boxes.get(i);
            sb.append(i == 0 ? "\n" : ",\n").append(String.format(Locale.ROOT,
                    "    {\"label\": %s, \"threads\": %d, \"heightNanos\": %d, \"width\": %.4f, \"runningNanos\": %d, "
                            + "\"runnableNanos\": %d}", Json.quote(b.label()), b.threads(), Math.round(b.shareNanos()),
                    b.parallelism(), b.runningNanos(), b.runnableNanos()));
        }
        sb.append(boxes.isEmpty() ? "]\n}" : "\n  ]\n}");
        out.println(sb);
    }
}
