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

package jdk.lockstat.query;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Writes report trees as text, CSV or JSON (docs/report-format.md), for lockstat report, for the
 * online mode's report (which has no trace file) and for the viewer's export.
 */
public final class ReportFormat {
    /** The aspects of lockstat report, the online report and jcmd LockStat.report when none are given. */
    public static final String DEFAULT_ASPECTS = "lock-class,owner-chain";

    /**
     * What a report is about, beyond its trees; sampling: one in how many contentions the trace recorded
     * (the trees' counts and times are scaled by it), 1 for all.
     */
    public record Source(String name, String windowText, String windowJson, Set<String> threads, boolean complete,
                         List<String> problems, List<String> notes, long sampling) {
        /** A source of a trace that recorded every contention. */
        public Source(String name, String windowText, String windowJson, Set<String> threads, boolean complete,
                      List<String> problems, List<String> notes) {
            this(name, windowText, windowJson, threads, complete, problems, notes, 1);
        }
    }

    /** The line that says a report's counts and times are estimates from a sampled trace. */
    public static String samplingText(long sampling) {
        return "Sampled: one in " + String.format(java.util.Locale.ROOT, "%,d", sampling)
                + " contentions recorded, at random; counts and times are the recorded ones times " + sampling;
    }

    private final Source run;
    private final List<Aspect> aspects;

    ReportFormat(Source run, List<Aspect> aspects) {
        this.run = run;
        this.aspects = aspects;
    }

    /** The whole report in one of the formats (text, csv, json), pruned to top children of minPercent. */
    public static String render(String format, Source source, List<Aspect> aspects, ReportNode main, ReportNode afterWait,
                                int top, double minPercent) {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8);
        write(out, format, source, aspects, main, afterWait, top, minPercent);
        return bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Writes the whole report in one of the formats, pruned to top children of minPercent. */
    public static void write(PrintStream out, String format, Source source, List<Aspect> aspects, ReportNode main,
                      ReportNode afterWait, int top, double minPercent) {
        ReportFormat f = new ReportFormat(source, aspects);
        ReportNode m = prune(main, top, minPercent), a = prune(afterWait, top, minPercent);
        switch (format) {
            case "json" -> f.json(out, m, a);
            case "csv" -> f.csv(out, m, a);
            default -> f.text(out, m, a);
        }
        out.flush();
    }

    /**
     * Keeps at most top children per node and those of at least minPercent; the rest of a node's children
     * become one "&lt;N more&gt;" child, so every level still adds up to its parent.
     */
    public static ReportNode prune(ReportNode n, int top, double minPercent) {
        List<ReportNode> kept = new ArrayList<>();
        long restNanos = 0, restCount = 0;
        DurationHistogram restDurations = new DurationHistogram();
        int rest = 0;
        for (ReportNode c : n.children()) {
            if (kept.size() < top && c.percent() >= minPercent) {
                kept.add(prune(c, top, minPercent));
            } else {
                rest++;
                restNanos += c.totalNanos();
                restCount += c.count();
                restDurations.add(c.durations());
            }
        }
        if (rest > 0) {
            double percent = n.totalNanos() == 0 ? 0 : n.percent() * restNanos / n.totalNanos();
            kept.add(new ReportNode("<" + rest + " more>", restNanos, restCount, percent, restDurations, List.of()));
        }
        return new ReportNode(n.key(), n.totalNanos(), n.count(), n.percent(), n.durations(), kept);
    }

    private List<String> aspectNames() {
        return aspects.stream().map(Aspect::displayName).toList();
    }

    void text(PrintStream out, ReportNode main, ReportNode afterWait) {
        out.printf("Lock contention: %s%n", run.name());
        out.printf("Blocked: %s in %,d contentions, by %s%s%n", millis(main.totalNanos()), main.count(),
                String.join(" > ", aspectNames()), run.windowText().isEmpty() ? "" : " (" + run.windowText() + ")");
        if (main.count() > 0) {
            out.println(durationsLine(main));
        }
        if (run.sampling() > 1) {
            out.println(samplingText(run.sampling()));
        }
        if (!run.threads().isEmpty()) {
            out.printf("Blocked threads: %s%n", String.join(", ", run.threads()));
        }
        out.println();
        if (main.count() == 0) {
            out.println("  no contention");
        } else {
            textHeader(out);
            textChildren(out, main, 0, aspects);
        }
        out.println();
        if (afterWait.count() == 0) {
            out.println("After wait() (re-acquiring a monitor after notify or timeout, reported separately): none");
        } else {
            out.printf("After wait() (re-acquiring a monitor after notify or timeout, reported separately): %s in %,d contentions%n",
                    millis(afterWait.totalNanos()), afterWait.count());
            out.println(durationsLine(afterWait));
            textHeader(out);
            textChildren(out, afterWait, 0, aspects);
        }
        List<String> notes = notes();
        if (!notes.isEmpty()) {
            out.println();
            out.println("Notes:");
            notes.forEach(n -> out.println("  " + n));
        }
    }

    /** The whole tree's distribution, above the columns that give it per node. */
    private static String durationsLine(ReportNode n) {
        DurationDistribution d = n.distribution();
        return "Contention durations: p50 " + DurationText.of(d.p50Nanos()) + ", p90 " + DurationText.of(d.p90Nanos())
                + ", p99 " + DurationText.of(d.p99Nanos()) + ", max " + DurationText.of(d.maxNanos());
    }

    private static void textHeader(PrintStream out) {
        out.printf("  %7s %14s %10s %9s %9s %9s %9s  %s%n", "percent", "blocked", "count", "p50", "p90", "p99", "max", "key");
    }

    /** Frames listed under a chain row in text, innermost first (more, and the one that tells it apart). */
    public static final int TEXT_FRAMES = 8;
    /** The width of a text row's columns before its key: where a chain's frame lines are indented to. */
    private static final int KEY_COLUMN = 2 + 7 + 1 + 14 + 1 + 10 + 4 * 10 + 2;

    /**
     * The rows under n. A call chain's row shows a short label (its innermost frame and, where siblings
     * share more frames, the first frame where it differs from the closest: ChainLabels) and then its
     * frames one per line, like a stack trace: a key of a thousand characters on one line hides the frame
     * that tells two rows apart.
     */
    private static void textChildren(PrintStream out, ReportNode n, int depth, List<Aspect> aspects) {
        Aspect aspect = depth < aspects.size() ? aspects.get(depth) : null;
        List<List<String>> frames = new ArrayList<>(n.children().size());
        for (ReportNode c : n.children()) {
            frames.add(chainFrames(aspect, c.key()));
        }
        List<String> labels = ChainLabels.ofFrames(frames, 1);
        for (int i = 0; i < n.children().size(); i++) {
            ReportNode c = n.children().get(i);
            DurationDistribution d = c.distribution();
            out.printf("  %6.2f%% %14s %,10d %9s %9s %9s %9s  %s%s%n", c.percent(), millis(c.totalNanos()), c.count(),
                    DurationText.of(d.p50Nanos()), DurationText.of(d.p90Nanos()), DurationText.of(d.p99Nanos()),
                    DurationText.of(d.maxNanos()), "  ".repeat(depth), labels.get(i) != null ? labels.get(i) : c.key());
            if (frames.get(i) != null) {
                textFrames(out, frames.get(i), depth);
            }
            textChildren(out, c, depth + 1, aspects);
        }
    }

    /**
     * The callers under a chain row's label, whose first frame is the innermost: the next TEXT_FRAMES
     * frames (a frame further down that tells the row apart is in its label).
     */
    private static void textFrames(PrintStream out, List<String> frames, int depth) {
        String indent = " ".repeat(KEY_COLUMN) + "  ".repeat(depth) + "    at ";
        int shown = Math.min(frames.size(), TEXT_FRAMES + 1);
        for (int j = 1; j < shown; j++) {
            out.println(indent + frames.get(j));
        }
        if (shown < frames.size()) {
            out.println(" ".repeat(KEY_COLUMN) + "  ".repeat(depth) + "    ... " + (frames.size() - shown) + " more");
        }
    }

    /**
     * The frames of a row's key, innermost first, where its aspect is a call chain and the key a chain's
     * text (frames joined by " <- "), not a placeholder such as "<unknown chain 0x...>" or "<3 more>";
     * null otherwise.
     */
    public static List<String> chainFrames(Aspect aspect, String key) {
        boolean chain = aspect == Aspect.CHAIN || aspect == Aspect.OWNER_CHAIN || aspect == Aspect.ROOT_OWNER_CHAIN;
        return chain && !key.startsWith("<") && !key.isEmpty() ? List.of(key.split(ChainLabels.CALLED_FROM, -1)) : null;
    }

    /** Nanoseconds as milliseconds with three decimals and digit grouping, e.g. "1,234.568 ms". */
    public static String millis(long nanos) {
        return String.format("%,.3f ms", nanos / 1e6);
    }

    /**
     * One row per node: tree, one column per aspect (the node's path), totalNanos, count, percent, then the
     * distribution of contention durations: p50Nanos, p90Nanos, p99Nanos, maxNanos.
     */
    void csv(PrintStream out, ReportNode main, ReportNode afterWait) {
        List<String> header = new ArrayList<>();
        header.add("tree");
        header.addAll(aspectNames());
        header.addAll(List.of("totalNanos", "count", "percent", "p50Nanos", "p90Nanos", "p99Nanos", "maxNanos"));
        out.println(String.join(",", header));
        csvRows(out, "contention", main, new ArrayList<>());
        csvRows(out, "after-wait", afterWait, new ArrayList<>());
    }

    private void csvRows(PrintStream out, String tree, ReportNode n, List<String> path) {
        if (n.count() == 0 && path.isEmpty()) {
            return;
        }
        List<String> row = new ArrayList<>();
        row.add(tree);
        for (int i = 0; i < aspects.size(); i++) {
            row.add(i < path.size() ? csvField(path.get(i)) : "");
        }
        row.add(Long.toString(n.totalNanos()));
        row.add(Long.toString(n.count()));
        row.add(String.format(java.util.Locale.ROOT, "%.4f", n.percent()));
        DurationDistribution d = n.distribution();
        row.add(Long.toString(d.p50Nanos()));
        row.add(Long.toString(d.p90Nanos()));
        row.add(Long.toString(d.p99Nanos()));
        row.add(Long.toString(d.maxNanos()));
        out.println(String.join(",", row));
        for (ReportNode c : n.children()) {
            path.add(c.key());
            csvRows(out, tree, c, path);
            path.remove(path.size() - 1);
        }
    }

    /** A CSV field: quoted (quotes doubled) when it holds a comma, quote or line break. */
    public static String csvField(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    void json(PrintStream out, ReportNode main, ReportNode afterWait) {
        StringBuilder sb = new StringBuilder("{\n");
        sb.append("  \"trace\": ").append(jsonString(run.name())).append(",\n");
        sb.append("  \"aspects\": [");
        String sep = "";
        for (String a : aspectNames()) {
            sb.append(sep).append(jsonString(a));
            sep = ", ";
        }
        sb.append("],\n");
        sb.append("  \"window\": ").append(run.windowJson()).append(",\n");
        sb.append("  \"threads\": ").append(stringArray(new ArrayList<>(run.threads()))).append(",\n");
        sb.append("  \"complete\": ").append(run.complete()).append(",\n");
        sb.append("  \"sampling\": ").append(run.sampling()).append(",\n");
        sb.append("  \"problems\": ").append(stringArray(run.problems())).append(",\n");
        sb.append("  \"notes\": ").append(stringArray(notes())).append(",\n");
        sb.append("  \"contention\": ");
        jsonNode(sb, main, 1);
        sb.append(",\n  \"afterWait\": ");
        jsonNode(sb, afterWait, 1);
        sb.append("\n}");
        out.println(sb);
    }

    static void jsonNode(StringBuilder sb, ReportNode n, int depth) {
        String pad = "  ".repeat(depth);
        sb.append("{\"key\": ").append(jsonString(n.key())).append(", \"totalNanos\": ").append(n.totalNanos())
          .append(", \"count\": ").append(n.count()).append(", \"percent\": ")
          .append(String.format(java.util.Locale.ROOT, "%.4f", n.percent())).append(", \"distribution\": ");
        jsonDistribution(sb, n.distribution());
        sb.append(", \"children\": [");
        if (n.children().isEmpty()) {
            sb.append("]}");
            return;
        }
        String sep = "\n";
        for (ReportNode c : n.children()) {
            sb.append(sep).append(pad).append("  ");
            jsonNode(sb, c, depth + 1);
            sep = ",\n";
        }
        sb.append('\n').append(pad).append("]}");
    }

    private static void jsonDistribution(StringBuilder sb, DurationDistribution d) {
        sb.append("{\"count\": ").append(d.count()).append(", \"p50Nanos\": ").append(d.p50Nanos())
          .append(", \"p90Nanos\": ").append(d.p90Nanos()).append(", \"p99Nanos\": ").append(d.p99Nanos())
          .append(", \"maxNanos\": ").append(d.maxNanos()).append('}');
    }

    /** A JSON array of strings. */
    public static String stringArray(List<String> list) {
        StringBuilder sb = new StringBuilder("[");
        String sep = "";
        for (String s : list) {
            sb.append(sep).append(jsonString(s));
            sep = ", ";
        }
        return sb.append(']').toString();
    }

    /** A JSON string, or null for a value a damaged trace lacks (a field of another type in its schema). */
    public static String jsonString(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    /** The engine's notes on what was incomplete. */
    List<String> notes() {
        return run.notes();
    }
}
