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
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import jdk.lockstat.internal.query.LockRows;
import jdk.lockstat.query.LockMetrics;
import jdk.lockstat.query.LockStatistics;
import jdk.lockstat.query.ReportFormat;

/**
 * lockstat locks: the per-lock statistics table of the J9 park-contention thesis (section 3.7), for
 * every contended lock object: times blocked, peak blocked at once, blocked thread-time and real-time,
 * average blocked and hold time, utilisation over the run and over the lock's own lifetime. The first
 * contention's chain starts at its first frame outside the locking mechanism unless --all-frames.
 */
final class LocksCommand implements Command {
    @Override
    public String name() {
        return "locks";
    }

    @Override
    public String usage() {
        return "lockstat locks [--format text|csv|json] [--top N] [--from TIME] [--to TIME] [--all-frames] TRACE";
    }

    @Override
    public String description() {
        return "per-lock statistics: times blocked, peak, thread/real time, hold time, utilisation";
    }

    @Override
    public boolean showsChains() {
        return true;
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) throws ToolException {
        Set<String> valued = new HashSet<>(Set.of("--from", "--to", "--format", "--top"));
        Options o = Options.parse(args, Set.of(Options.ALL_FRAMES), valued, usage());
        boolean allFrames = o.flags.contains(Options.ALL_FRAMES);
        String format = o.values.getOrDefault("--format", "text");
        if (!format.equals("text") && !format.equals("csv") && !format.equals("json")) {
            throw new ToolException("--format must be text, csv or json, not " + format, 2);
        }
        int top = o.values.containsKey("--top") ? ReportCommand.positiveInt("--top", o.values.get("--top")) : Integer.MAX_VALUE;
        AnalysisRun run = AnalysisRun.of(o, usage());
        run.analyze(c -> { }, err, name());
        List<LockStatistics.Row> rows = LockRows.of(run.analysis.lockStatistics()).rows();
        if (rows.size() > top) {
            rows = rows.subList(0, top);
        }
        long runNanos = run.runNanos();
        switch (format) {
            case "json" -> json(out, run, rows, runNanos, allFrames);
            case "csv" -> csv(out, rows, runNanos, allFrames);
            default -> text(out, run, rows, runNanos, allFrames);
        }
        out.flush();
        return run.status();
    }

    /** CSV and JSON columns: times in nanoseconds. */
    static final String[] COLUMNS = {   // CSV and JSON names; lockstat help locks explains each
        "lock", "timesBlocked", "peakBlocked", "blockedThreadTimeNanos",
        "blockedRealTimeNanos", "avgBlockedNanos", "avgHoldNanos", "blockedNow", "realTimeUtilPercent", "threadTimeUtilPercent",
        "realLifeTimeUtilPercent", "threadLifeTimeUtilPercent", "firstThread", "firstChain"};

    private static double[] numbers(LockStatistics.Row r, long runNanos) {
        return new double[] {r.timesBlocked(), r.peakBlocked(), r.threadTime(), r.realTime(),
            r.averageBlockedTime(), r.averageHoldTime(), r.blockedNow(),
            LockMetrics.utilisationPercent(r.realTime(), runNanos), LockMetrics.utilisationPercent(r.threadTime(), runNanos),
            LockMetrics.utilisationPercent(r.realTime(), r.lifetime()), LockMetrics.utilisationPercent(r.threadTime(), r.lifetime())};
    }

    /** The top frame of a lock's first contention's chain, by the frame rule. */
    static String firstFrame(LockStatistics.Row r, boolean allFrames) {
        if (r.firstChain() == null) {
            return "<unknown chain>";
        }
        return r.firstChain().topFrame(allFrames);
    }

    /** The chain of a lock's first contention, by the frame rule (CallChain.text). */
    private static String firstChain(LockStatistics.Row r, boolean allFrames) {
        return r.firstChain() == null ? "" : r.firstChain().text(allFrames);
    }

    private static void text(PrintStream out, AnalysisRun run, List<LockStatistics.Row> rows, long runNanos,
                             boolean allFrames) {
        out.printf("Contended locks: %s (run %s%s)%n", run.file, ReportFormat.millis(runNanos),
                run.windowText().isEmpty() ? "" : ", " + run.windowText());
        if (rows.isEmpty()) {
            out.println("  no contention");
            return;
        }
        out.printf("%8s %6s %14s %14s %11s %11s %5s %8s %9s %8s %9s  %s%n", "times", "peak", "thread ms", "real ms",
                "avg blk ms", "avg hold ms", "now", "%real", "%thread", "%r-life", "%t-life", "lock");
        for (LockStatistics.Row r : rows) {
            double[] v = numbers(r, runNanos);
            out.printf("%,8d %6d %,14.3f %,14.3f %,11.3f %,11.3f %5d %8.2f %9.2f %8.2f %9.2f  %s%n", (long) v[0], (long) v[1],
                    v[2] / 1e6, v[3] / 1e6, v[4] / 1e6, v[5] / 1e6, (long) v[6], v[7], v[8], v[9], v[10], r.lock());
            if (r.firstThread() != null) {
                out.printf("%8s first blocked: %s at %s%n", "", r.firstThread(), firstFrame(r, allFrames));
            }
        }
        List<String> notes = run.analysis.counters().notes();
        if (!notes.isEmpty()) {
            out.println("Notes:");
            notes.forEach(n -> out.println("  " + n));
        }
    }

    private static void csv(PrintStream out, List<LockStatistics.Row> rows, long runNanos, boolean allFrames) {
        out.println(String.join(",", COLUMNS));
        for (LockStatistics.Row r : rows) {
            StringBuilder sb = new StringBuilder(ReportFormat.csvField(r.lock().toString()));
            for (double d : numbers(r, runNanos)) {
                sb.append(',').append(format(d));
            }
            sb.append(',').append(ReportFormat.csvField(r.firstThread() == null ? "" : r.firstThread()));
            sb.append(',').append(ReportFormat.csvField(firstChain(r, allFrames)));
            out.println(sb);
        }
    }

    private static void json(PrintStream out, AnalysisRun run, List<LockStatistics.Row> rows, long runNanos,
                             boolean allFrames) {
        StringBuilder sb = new StringBuilder("{\n");
        sb.append("  \"trace\": ").append(Json.quote(run.file.toString())).append(",\n");
        sb.append("  \"runNanos\": ").append(runNanos).append(",\n");
        sb.append("  \"complete\": ").append(run.result.parse().complete()).append(",\n");
        sb.append("  \"problems\": ").append(ReportFormat.stringArray(run.problems())).append(",\n");
        sb.append("  \"locks\": [");
        String sep = "\n";
        for (LockStatistics.Row r : rows) {
            sb.append(sep).append("    {").append(Json.quote(COLUMNS[0])).append(": ").append(Json.quote(r.lock().toString()));
            double[] v = numbers(r, runNanos);
            for (int i = 0; i < v.length; i++) {
                sb.append(", ").append(Json.quote(COLUMNS[i + 1])).append(": ").append(format(v[i]));
            }
            sb.append(", \"firstThread\": ").append(r.firstThread() == null ? "null" : Json.quote(r.firstThread()));
            sb.append(", \"firstChain\": ").append(r.firstChain() == null ? "null" : Json.quote(firstChain(r, allFrames)));
            sb.append('}');
            sep = ",\n";
        }
        sb.append("\n  ]\n}");
        out.println(sb);
    }

    private static String format(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : String.format(Locale.ROOT, "%.4f", d);
    }
}
