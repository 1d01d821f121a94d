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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import jdk.lockstat.internal.query.AggregationTree;
import jdk.lockstat.internal.query.PprofReader;
import jdk.lockstat.internal.aggregate.CollapsedStacks;
import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.ReportFormat;
import jdk.lockstat.query.ReportNode;

/**
 * lockstat diff BASE NEW: what changed between two traces (before and after a fix, yesterday's deploy
 * and today's), or between two pprof profiles that LockStat wrote (ProfileDiff: a fleet's periodic
 * profiles). Both are aggregated by the same aspects; each node's blocked time and contentions are
 * taken per second of its run, so traces of different lengths compare, and the rows at each level are
 * ranked by how much their blocked time per second changed, either way: the section a change affected
 * comes first. --format collapsed writes "stack base new" lines (nanoseconds per second of each run), the
 * input of flamegraph.pl's differential flame graphs (as difffolded.pl writes it); --format html, lockstat's
 * own flame graph page made differential.
 */
final class DiffCommand implements Command {
    static final String DEFAULT_ASPECTS = "lock-class,owner-method";
    private static final String OWNER = "--owner";

    @Override
    public String name() {
        return "diff";
    }

    @Override
    public String usage() {
        return "lockstat diff [--by ASPECT,...] [--app-packages P,...] [--format text|json|collapsed|html] [--top N] [--owner] [--all-frames] BASE NEW";
    }

    @Override
    public String description() {
        return "what changed between two traces (or two pprof profiles of one side that LockStat wrote): blocked time per second of run by aspects, largest change first";
    }

    @Override
    public boolean showsChains() {
        return true;
    }

    /** One trace's side of the comparison: its tree and how long it ran. */
    private record Side(Path file, ReportNode tree, long runNanos, long sampling) {
        double perSecond(long value) {
            return runNanos <= 0 ? 0 : value * 1e9 / runNanos;
        }
    }

    /** A key's blocked time and contentions in both traces (0 where absent), its children merged alike. */
    record Row(String key, long baseNanos, long newNanos, long baseCount, long newCount, List<Row> children) {}

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) throws ToolException {
        Options o = Options.parse(args, Set.of(Options.ALL_FRAMES, OWNER), Set.of("--by", "--format", "--top", "--app-packages"), usage());
        String format = o.values.getOrDefault("--format", "text");
        if (!List.of("text", "json", "collapsed", "html").contains(format)) {
            throw new ToolException("--format must be text, json, collapsed or html, not " + format, 2);
        }
        boolean stacks = format.equals("collapsed") || format.equals("html");
        List<Path> files = TraceArgument.pair(o.positional, usage());
        boolean profiles = ProfileDiff.isProfile(files.get(0));
        if (profiles != ProfileDiff.isProfile(files.get(1))) {
            throw new ToolException("diff compares two traces or two pprof profiles, not one of each: "
                    + files.get(profiles ? 0 : 1) + " is a profile", 2);
        }
        List<PprofReader.Profile> pprof = profiles ? ProfileDiff.pair(files) : null;
        List<Aspect> aspects;
        try {
            aspects = Aspect.parseList(o.values.getOrDefault("--by", profiles ? ProfileDiff.defaultAspects(pprof.get(0)) : DEFAULT_ASPECTS));
        } catch (IllegalArgumentException e) {
            throw new ToolException("--by: " + e.getMessage(), 2);
        }
        if (stacks && o.values.containsKey("--by")) {
            throw new ToolException("--by applies to text and json; flame graphs are call chains (--owner: the owners')", 2);
        }
        if (!stacks && o.flags.contains(OWNER)) {
            throw new ToolException("--owner applies to --format collapsed and html; in text and json, owner aspects go in --by", 2);
        }
        int top = o.values.containsKey("--top") ? ReportCommand.positiveInt("--top", o.values.get("--top")) : 20;
        boolean allFrames = o.flags.contains(Options.ALL_FRAMES);
        ReportCommand.appPackages(o.values.get("--app-packages"), aspects);
        if (profiles) {
            return profiles(out, files, pprof, format, aspects, o.flags.contains(OWNER), top);
        }
        if (stacks) {
            return flame(out, err, files, format.equals("html"), o.flags.contains(OWNER), allFrames);
        }
        List<Side> sides = new ArrayList<>(2);
        int status = 0;
        for (Path f : files) {
            AnalysisRun run = AnalysisRun.whole(f);
            run.withOwnerStates(aspects);
            AggregationTree tree = new AggregationTree(aspects, allFrames);
            run.analyze(tree, err, name());
            sides.add(new Side(f, tree.snapshot(), run.runNanos(), run.analysis.sampling()));
            status = Math.max(status, run.status());
        }
        compare(out, aspects, sides.get(0), sides.get(1), format, top);
        return status;
    }

    /** The two sides' trees compared, ranked by change, in text or json. */
    private void compare(PrintStream out, List<Aspect> aspects, Side base, Side now, String format, int top) {
        Row root = merge("all", base.tree, now.tree);
        Comparator<Row> byChange = Comparator.comparingDouble((Row r) -> -Math.abs(now.perSecond(r.newNanos) - base.perSecond(r.baseNanos)))
                .thenComparing(Row::key);
        root = sorted(root, byChange, top);
        if (format.equals("json")) {
            json(out, aspects, base, now, root);
        } else {
            text(out, aspects, base, now, root);
        }
    }

    /**
     * Two pprof profiles of one side (ProfileDiff): by the aspects their labels and stacks carry, or as a
     * differential flame graph of that side (--owner only for owner-side profiles).
     */
    private int profiles(PrintStream out, List<Path> files, List<PprofReader.Profile> pprof, String format, List<Aspect> aspects,
                         boolean owner, int top) throws ToolException {
        boolean ownerSide = pprof.get(0).ownerSide();
        if (format.equals("collapsed") || format.equals("html")) {
            if (owner && !ownerSide) {
                throw new ToolException("--owner: these are blocked-side profiles; their stacks are the blocked threads'", 2);
            }
            Map<List<String>, Long> base = ProfileDiff.stacksPerSecond(pprof.get(0)), now = ProfileDiff.stacksPerSecond(pprof.get(1));
            if (format.equals("html")) {
                Map<List<String>, Long> none = Map.of();
                out.print(FlameGraphHtml.renderDiff(title(files), ownerSide ? none : base, ownerSide ? base : none,
                        ownerSide ? none : now, ownerSide ? now : none));
            } else {
                collapsed(out, List.of(base, now));
            }
            return 0;
        }
        ProfileDiff.check(aspects, pprof.get(0));
        List<Side> sides = new ArrayList<>(2);
        for (int i = 0; i < 2; i++) {
            sides.add(new Side(files.get(i), ProfileDiff.tree(pprof.get(i), aspects), pprof.get(i).durationNanos(), 1));
        }
        compare(out, aspects, sides.get(0), sides.get(1), format, top);
        return 0;
    }

    /** The two trees side by side: children matched by key, those of one side only with 0 on the other. */
    static Row merge(String key, ReportNode base, ReportNode now) {
        Map<String, ReportNode[]> byKey = new LinkedHashMap<>();
        if (base != null) {
            base.children().forEach(c -> byKey.computeIfAbsent(c.key(), k -> new ReportNode[2])[0] = c);
        }
        if (now != null) {
            now.children().forEach(c -> byKey.computeIfAbsent(c.key(), k -> new ReportNode[2])[1] = c);
        }
        List<Row> children = new ArrayList<>(byKey.size());
        byKey.forEach((k, pair) -> children.add(merge(k, pair[0], pair[1])));
        return new Row(key, base == null ? 0 : base.totalNanos(), now == null ? 0 : now.totalNanos(),
                base == null ? 0 : base.count(), now == null ? 0 : now.count(), children);
    }

    /** Children ranked by the comparator, at most top of them at each level. */
    private static Row sorted(Row r, Comparator<Row> order, int top) {
        List<Row> kids = r.children.stream().sorted(order).limit(top).map(c -> sorted(c, order, top)).toList();
        return new Row(r.key, r.baseNanos, r.newNanos, r.baseCount, r.newCount, kids);
    }

    private void text(PrintStream out, List<Aspect> aspects, Side base, Side now, Row root) {
        out.printf("Lock contention diff, by %s: blocked time per second of each run%n",
                String.join(" > ", aspects.stream().map(Aspect::displayName).toList()));
        for (Side s : List.of(base, now)) {
            out.printf(Locale.ROOT, "%-5s %s: %s blocked in %,d contentions over %.3f s: %.3f ms/s%n", s == base ? "Base" : "New",
                    s.file, ReportFormat.millis(s == base ? root.baseNanos : root.newNanos), s == base ? root.baseCount : root.newCount,
                    s.runNanos / 1e9, millisPerSecond(s, s == base ? root.baseNanos : root.newNanos));
            if (s.sampling > 1) {
                out.println("      " + ReportFormat.samplingText(s.sampling));
            }
        }
        double b = millisPerSecond(base, root.baseNanos), n = millisPerSecond(now, root.newNanos);
        out.printf(Locale.ROOT, "Change: %+.3f ms/s%s%n%n", n - b, b > 0 ? String.format(Locale.ROOT, " (%+.1f%%)", 100 * (n - b) / b) : "");
        if (root.children.isEmpty()) {
            out.println("  no contention in either trace");
            return;
        }
        out.printf("  %12s %12s %12s %21s  %s%n", "change ms/s", "base ms/s", "new ms/s", "contentions/s", "key");
        rows(out, base, now, root, 0);
    }

    private static void rows(PrintStream out, Side base, Side now, Row r, int depth) {
        for (Row c : r.children) {
            double b = millisPerSecond(base, c.baseNanos), n = millisPerSecond(now, c.newNanos);
            String mark = c.baseCount == 0 ? "  (new)" : c.newCount == 0 ? "  (gone)" : "";
            out.printf(Locale.ROOT, "  %+12.3f %12.3f %12.3f %10.1f -> %-7.1f  %s%s%s%n", n - b, b, n, base.perSecond(c.baseCount),
                    now.perSecond(c.newCount), "  ".repeat(depth), c.key, mark);
            rows(out, base, now, c, depth + 1);
        }
    }

    private static double millisPerSecond(Side s, long nanos) {
        return s.perSecond(nanos) / 1e6;
    }

    private void json(PrintStream out, List<Aspect> aspects, Side base, Side now, Row root) {
        StringBuilder sb = new StringBuilder("{\n");
        sb.append("  \"aspects\": ").append(ReportFormat.stringArray(aspects.stream().map(Aspect::displayName).toList())).append(",\n");
        sb.append("  \"base\": ");
        side(sb, base, root.baseNanos, root.baseCount);
        sb.append(",\n  \"new\": ");
        side(sb, now, root.newNanos, root.newCount);
        sb.append(",\n  \"rows\": [");
        jsonRows(sb, base, now, root, 1);
        sb.append("]\n}");
        out.println(sb);
    }

    private static void side(StringBuilder sb, Side s, long nanos, long count) {
        sb.append("{\"trace\": ").append(ReportFormat.jsonString(s.file.toString())).append(", \"runNanos\": ").append(s.runNanos)
          .append(", \"blockedNanos\": ").append(nanos).append(", \"contentions\": ").append(count)
          .append(", \"sampling\": ").append(s.sampling).append('}');
    }

    private static void jsonRows(StringBuilder sb, Side base, Side now, Row r, int depth) {
        String pad = "  ".repeat(depth + 1), sep = "\n";
        for (Row c : r.children) {
            double b = base.perSecond(c.baseNanos), n = now.perSecond(c.newNanos);
            sb.append(sep).append(pad).append("{\"key\": ").append(ReportFormat.jsonString(c.key))
              .append(String.format(Locale.ROOT, ", \"changeNanosPerSecond\": %.1f, \"baseNanosPerSecond\": %.1f, \"newNanosPerSecond\": %.1f",
                      n - b, b, n))
              .append(", \"baseNanos\": ").append(c.baseNanos).append(", \"newNanos\": ").append(c.newNanos)
              .append(", \"baseContentions\": ").append(c.baseCount).append(", \"newContentions\": ").append(c.newCount)
              .append(", \"children\": [");
            jsonRows(sb, base, now, c, depth + 1);
            sb.append("]}");
            sep = ",\n";
        }
        if (!r.children.isEmpty()) {
            sb.append('\n').append("  ".repeat(depth));
        }
    }

    /**
     * Both traces' stacks in nanoseconds per second of each run: html, a differential flame graph page
     * (FlameGraphHtml.renderDiff, both views); collapsed, "stack base new" lines of every stack of either
     * trace in one view (blocked, or --owner).
     */
    private int flame(PrintStream out, PrintStream err, List<Path> files, boolean html, boolean owners, boolean allFrames)
            throws ToolException {
        List<Map<List<String>, Long>> blocked = new ArrayList<>(2), owned = new ArrayList<>(2);
        int status = 0;
        for (Path f : files) {
            AnalysisRun run = AnalysisRun.whole(f);
            CollapsedStacks b = new CollapsedStacks(false, allFrames), o = new CollapsedStacks(true, allFrames);
            run.analyze(c -> {
                b.accept(c);
                o.accept(c);
            }, err, name());
            blocked.add(perSecond(b.stacks(), run.runNanos()));
            owned.add(perSecond(o.stacks(), run.runNanos()));
            status = Math.max(status, run.status());
        }
        if (html) {
            out.print(FlameGraphHtml.renderDiff(title(files), blocked.get(0), owned.get(0), blocked.get(1), owned.get(1)));
            return status;
        }
        collapsed(out, owners ? owned : blocked);
        return status;
    }

    private static String title(List<Path> files) {
        return "lockstat diff " + files.get(0).getFileName() + " \u2192 " + files.get(1).getFileName();
    }

    /** "stack base new" lines of every stack of either side, sorted by stack. */
    private static void collapsed(PrintStream out, List<Map<List<String>, Long>> view) {
        Set<List<String>> seen = new HashSet<>();
        List<List<String>> all = new ArrayList<>();
        for (Map<List<String>, Long> m : view) {
            m.keySet().stream().filter(seen::add).forEach(all::add);
        }
        all.sort(Comparator.comparing(s -> String.join(";", s)));
        for (List<String> s : all) {
            out.println(String.join(";", s) + " " + view.get(0).getOrDefault(s, 0L) + " " + view.get(1).getOrDefault(s, 0L));
        }
    }

    /** Each stack's nanoseconds per second of a run of runNanos (0 for a run of no length), in the same order. */
    static Map<List<String>, Long> perSecond(Map<List<String>, Long> stacks, long runNanos) {
        Map<List<String>, Long> r = new LinkedHashMap<>();
        stacks.forEach((s, nanos) -> r.put(s, runNanos <= 0 ? 0 : Math.round(nanos * 1e9 / runNanos)));
        return r;
    }
}
