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

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import jdk.lockstat.internal.model.ChainRef;
import jdk.lockstat.internal.whatif.WhatIf;
import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.BottleGraph;
import jdk.lockstat.query.ChainLabels;
import jdk.lockstat.query.DurationDistribution;
import jdk.lockstat.query.DurationText;
import jdk.lockstat.query.LockMetrics;
import jdk.lockstat.query.LockStatistics;
import jdk.lockstat.query.ReportFormat;
import jdk.lockstat.query.ReportNode;

/**
 * lockstat report --format html: one self-contained page to attach to a ticket (inline CSS and SVG, no
 * script but the embedded flame graph's, no network, no fonts). It shows what {@link ReportPage} gathered
 * in one pass: the run's summary, contention over time, the contention trees (blocked side and owner side,
 * lock names included) as collapsible rows, the per-lock table, the bottle graph and both flame graphs.
 * Every figure is the one the text commands print for the same trace and options.
 *
 * <p>All text from the trace is escaped for HTML; the flame graph is its own page
 * ({@link FlameGraphHtml}) in an iframe's srcdoc, so its script sees only its own elements.
 */
final class HtmlReport {
    private HtmlReport() {}

    /** One contention tree of the page: its heading, what it answers, its aspects and its pruned root. */
    record Tree(String id, String heading, String about, List<Aspect> aspects, ReportNode root) {}

    /** The over-time chart's data: average threads per state per bucket, the buckets' width, the window's offset. */
    record Timeline(double[] blocked, double[] waiting, long bucketNanos, long offsetNanos) {}

    /**
     * lockstat whatif's predictions: each section (an owner method) with the speedup a replay of the run
     * predicts if its holds took scale of their time, beside its blocked share and rank; note: why there
     * are none, or null; caveat: blocked time the replay leaves out (resource waits), or null. replayRatio:
     * the unscaled replay's speed over the run's.
     */
    record WhatIfTable(double scale, List<WhatIf.Section> sections, double replayRatio, String note, String caveat) {}

    /** Everything the page shows. */
    record Content(String title, ReportFormat.Source source, long runNanos, ReportNode all, ReportNode afterWait,
                   List<Tree> trees, List<LockStatistics.Row> locks, int lockCount, boolean allFrames, Timeline timeline,
                   BottleGraph bottle, int cpus, int threads, Map<List<String>, Long> blockedStacks,
                   Map<List<String>, Long> ownerStacks, WhatIfTable whatIf) {}

    static String render(Content c) {
        StringBuilder sb = new StringBuilder(1 << 16);
        sb.append(HEAD.replace("/*TITLE*/", esc(c.title())));
        sb.append("<header><h1>").append(esc(c.title())).append("</h1>\n<nav>");
        List<String[]> sections = new ArrayList<>(List.of(new String[] {"summary", "Summary"},
                new String[] {"over-time", "Over time"}));
        c.trees().forEach(t -> sections.add(new String[] {t.id(), t.heading()}));
        sections.addAll(List.of(new String[] {"locks", "Locks"}, new String[] {"whatif", "What if"},
                new String[] {"bottle", "Bottle graph"}, new String[] {"flame", "Flame graphs"}));
        for (String[] s : sections) {
            sb.append("<a href=\"#").append(s[0]).append("\">").append(esc(s[1])).append("</a>");
        }
        sb.append("</nav></header>\n");
        summary(sb, c);
        overTime(sb, c);
        for (Tree t : c.trees()) {
            tree(sb, t);
        }
        locks(sb, c);
        whatIf(sb, c.whatIf(), c.allFrames());
        bottle(sb, c);
        flame(sb, c);
        sb.append("<footer>Written by lockstat report --format html. Times are blocked thread-time unless said otherwise; "
                + "percentages are of all blocked time in the window.</footer>\n</body>\n</html>\n");
        return sb.toString();
    }

    private static void summary(StringBuilder sb, Content c) {
        ReportFormat.Source s = c.source();
        sb.append("<section id=\"summary\"><h2>Summary</h2>\n<p class=\"source\">Trace ").append(esc(s.name()));
        if (!s.windowText().isEmpty()) {
            sb.append(", ").append(esc(s.windowText()));
        }
        if (!s.threads().isEmpty()) {
            sb.append(", blocked threads ").append(esc(String.join(", ", s.threads())));
        }
        sb.append("</p>\n<div class=\"cards\">");
        card(sb, "blocked", "Blocked", ReportFormat.millis(c.all().totalNanos()),
                String.format(Locale.ROOT, "in %,d contentions", c.all().count()));
        card(sb, "run", "Run", String.format(Locale.ROOT, "%.3f s", c.runNanos() / 1e9),
                c.cpus() > 0 ? c.cpus() + " CPUs, " + c.threads() + " threads" : c.threads() + " threads");
        card(sb, "locks", "Contended locks", String.format(Locale.ROOT, "%,d", c.lockCount()), "with a blocked thread");
        DurationDistribution d = c.all().distribution();
        card(sb, "durations", "Contention durations", c.all().count() == 0 ? "none" : "p50 " + DurationText.of(d.p50Nanos()),
                c.all().count() == 0 ? "" : "p90 " + DurationText.of(d.p90Nanos()) + ", p99 " + DurationText.of(d.p99Nanos())
                        + ", max " + DurationText.of(d.maxNanos()));
        card(sb, "after-wait", "After wait()", ReportFormat.millis(c.afterWait().totalNanos()),
                String.format(Locale.ROOT, "in %,d re-acquisitions after notify or timeout", c.afterWait().count()));
        sb.append("</div>\n");
        if (s.sampling() > 1) {
            sb.append("<p class=\"note\">").append(esc(ReportFormat.samplingText(s.sampling()))).append("</p>\n");
        }
        if (!s.complete()) {
            sb.append("<p class=\"warn\">The trace has no end record (the VM did not close it): it may end early.</p>\n");
        }
        for (String p : s.problems()) {
            sb.append("<p class=\"warn\">Damaged: ").append(esc(p)).append(" (the page covers what was readable)</p>\n");
        }
        if (!s.notes().isEmpty()) {
            sb.append("<ul class=\"notes\">");
            s.notes().forEach(n -> sb.append("<li>").append(esc(n)).append("</li>"));
            sb.append("</ul>\n");
        }
        sb.append("</section>\n");
    }

    private static void card(StringBuilder sb, String id, String label, String value, String detail) {
        sb.append("<div class=\"card\" id=\"card-").append(id).append("\"><div class=\"label\">").append(esc(label))
          .append("</div><div class=\"value\">").append(esc(value)).append("</div><div class=\"detail\">").append(esc(detail))
          .append("</div></div>");
    }

    /** Average threads blocked and waiting per bucket, stacked (the viewer's chart over time). */
    private static void overTime(StringBuilder sb, Content c) {
        Timeline t = c.timeline();
        sb.append("<section id=\"over-time\"><h2>Over time</h2>\n<p class=\"about\">Threads blocked (on a monitor, a lock or a "
                + "resource) and waiting (wait(), conditions without a lock, joins), on average per time step of ")
          .append(esc(DurationText.of(t.bucketNanos()))).append(".</p>\n");
        int n = t.blocked().length;
        double max = 0;
        for (int i = 0; i < n; i++) {
            max = Math.max(max, t.blocked()[i] + t.waiting()[i]);
        }
        if (n == 0 || max == 0) {
            sb.append("<p class=\"empty\">No thread blocked or waited in the window.</p></section>\n");
            return;
        }
        max = niceCeiling(max);
        int w = 960, h = 200, left = 44, bottom = 24, top = 8, plotW = w - left - 8, plotH = h - bottom - top;
        sb.append("<svg class=\"chart\" viewBox=\"0 0 ").append(w).append(' ').append(h)
          .append("\" width=\"100%\" role=\"img\" aria-label=\"threads blocked and waiting over time\">\n");
        for (int g = 0; g <= 4; g++) {
            double y = top + plotH - plotH * g / 4.0;
            sb.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>"
                    + "<text class=\"tick\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", left, left + plotW, y, y,
                    left - 4, y + 4, trim(max * g / 4)));
        }
        double[] base = new double[n];
        series(sb, "blocked", t.blocked(), base, max, left, top, plotW, plotH);
        series(sb, "waiting", t.waiting(), base, max, left, top, plotW, plotH);
        for (int g = 0; g <= 4; g++) {
            double x = left + plotW * g / 4.0;
            long at = t.offsetNanos() + Math.round(t.bucketNanos() * (double) n * g / 4);
            sb.append(String.format(Locale.ROOT, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"%s\">%s</text>\n", x,
                    h - 6, g == 0 ? "start" : g == 4 ? "end" : "middle", String.format(Locale.ROOT, "%.3f s", at / 1e9)));
        }
        sb.append("</svg>\n<p class=\"legend\"><span class=\"swatch blocked\"></span>blocked <span class=\"swatch waiting\">"
                + "</span>waiting (threads, on average; the axis is time since the trace's start)</p>\n</section>\n");
    }

    /** One stacked area on top of base (which it raises). */
    private static void series(StringBuilder sb, String cls, double[] v, double[] base, double max, int left, int top,
                               int plotW, int plotH) {
        int n = v.length;
        StringBuilder upper = new StringBuilder(), lower = new StringBuilder();
        for (int i = 0; i < n; i++) {
            double x0 = left + plotW * (double) i / n, x1 = left + plotW * (i + 1.0) / n;
            double yTop = top + plotH - plotH * (base[i] + v[i]) / max, yBase = top + plotH - plotH * base[i] / max;
            upper.append(String.format(Locale.ROOT, "%.1f,%.1f %.1f,%.1f ", x0, yTop, x1, yTop));
            lower.insert(0, String.format(Locale.ROOT, "%.1f,%.1f %.1f,%.1f ", x1, yBase, x0, yBase));
            base[i] += v[i];
        }
        sb.append("<polygon class=\"").append(cls).append("\" points=\"").append(upper).append(lower.toString().trim())
          .append("\"/>\n");
    }

    /** 1, 2 or 5 times a power of ten, at least v. */
    static double niceCeiling(double v) {
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * p >= v) {
                return m * p;
            }
        }
        return 10 * p;
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }

    /** A contention tree as collapsible rows; the largest row of each of the first two levels open. */
    private static void tree(StringBuilder sb, Tree t) {
        sb.append("<section id=\"").append(t.id()).append("\"><h2>").append(esc(t.heading())).append("</h2>\n<p class=\"about\">")
          .append(esc(t.about())).append(" By ").append(esc(String.join(" > ", t.aspects().stream().map(Aspect::displayName)
                  .toList()))).append(".</p>\n");
        if (t.root().count() == 0) {
            sb.append("<p class=\"empty\">No contention.</p></section>\n");
            return;
        }
        sb.append("<div class=\"tree\"><div class=\"row head\"><span class=\"bar\"></span><span class=\"pct\">percent</span>"
                + "<span class=\"num\">blocked</span><span class=\"num\">count</span><span class=\"num\">p50</span>"
                + "<span class=\"num\">p99</span><span class=\"num\">max</span><span class=\"key\">key</span></div>\n");
        children(sb, t.root(), t.aspects(), 0);
        sb.append("</div></section>\n");
    }

    private static void children(StringBuilder sb, ReportNode n, List<Aspect> aspects, int depth) {
        Aspect aspect = depth < aspects.size() ? aspects.get(depth) : null;
        List<List<String>> frames = new ArrayList<>(n.children().size());
        for (ReportNode c : n.children()) {
            frames.add(ReportFormat.chainFrames(aspect, c.key()));
        }
        List<String> labels = ChainLabels.ofFrames(frames, 1);
        for (int i = 0; i < n.children().size(); i++) {
            ReportNode c = n.children().get(i);
            List<String> f = frames.get(i);
            String label = labels.get(i) != null ? labels.get(i) : c.key();
            boolean expandable = !c.children().isEmpty() || f != null && f.size() > 1;
            String row = row(c, label, depth);
            if (!expandable) {
                sb.append("<div class=\"leaf\">").append(row).append("</div>\n");
                continue;
            }
            sb.append(i == 0 && depth < 2 ? "<details open>" : "<details>").append("<summary>").append(row).append("</summary>\n");
            if (f != null && f.size() > 1) {
                sb.append("<div class=\"frames\" style=\"margin-left:").append(depth * 16 + 14).append("px\">");
                int shown = Math.min(f.size(), ReportFormat.TEXT_FRAMES + 1);
                for (int j = 1; j < shown; j++) {
                    sb.append("<div>at ").append(esc(f.get(j))).append("</div>");
                }
                if (shown < f.size()) {
                    sb.append("<div>\u2026 ").append(f.size() - shown).append(" more</div>");
                }
                sb.append("</div>\n");
            }
            children(sb, c, aspects, depth + 1);
            sb.append("</details>\n");
        }
    }

    private static String row(ReportNode c, String label, int depth) {
        DurationDistribution d = c.distribution();
        return String.format(Locale.ROOT, "<span class=\"row\"><span class=\"bar\"><span style=\"width:%.1f%%\"></span></span>"
                + "<span class=\"pct\">%.2f%%</span><span class=\"num\">%s</span><span class=\"num\">%,d</span>"
                + "<span class=\"num\">%s</span><span class=\"num\">%s</span><span class=\"num\">%s</span>"
                + "<span class=\"key\" style=\"padding-left:%dpx\" title=\"%s\">%s</span></span>", Math.min(100, c.percent()),
                c.percent(), esc(ReportFormat.millis(c.totalNanos())), c.count(), esc(DurationText.of(d.p50Nanos())),
                esc(DurationText.of(d.p99Nanos())), esc(DurationText.of(d.maxNanos())), depth * 16, esc(c.key()), esc(label));
    }

    private static void locks(StringBuilder sb, Content c) {
        sb.append("<section id=\"locks\"><h2>Locks</h2>\n<p class=\"about\">Every contended lock object (lockstat locks), most "
                + "blocked thread-time first");
        if (c.lockCount() > c.locks().size()) {
            sb.append(String.format(Locale.ROOT, "; the first %d of %,d", c.locks().size(), c.lockCount()));
        }
        sb.append(". Real time: the time at least one thread was blocked on it; hold: the average time an owner held it while "
                + "others waited; utilisation: real time over the run.</p>\n");
        if (c.locks().isEmpty()) {
            sb.append("<p class=\"empty\">No contended lock.</p></section>\n");
            return;
        }
        sb.append("<table class=\"locks\"><thead><tr><th>lock</th><th>times blocked</th><th>peak</th><th>blocked thread-time</th>"
                + "<th>blocked real time</th><th>avg blocked</th><th>avg hold</th><th>utilisation</th><th>first blocked</th>"
                + "</tr></thead><tbody>\n");
        for (LockStatistics.Row r : c.locks()) {
            String first = r.firstThread() == null ? "" : r.firstThread() + " at " + LocksCommand.firstFrame(r, c.allFrames());
            sb.append(String.format(Locale.ROOT, "<tr><td class=\"lock\">%s</td><td>%,d</td><td>%d</td><td>%s</td><td>%s</td>"
                    + "<td>%s</td><td>%s</td><td>%.2f%%</td><td class=\"first\">%s</td></tr>\n", esc(r.lock()),
                    r.timesBlocked(), r.peakBlocked(), esc(ReportFormat.millis(r.threadTime())),
                    esc(ReportFormat.millis(r.realTime())), esc(DurationText.of(Math.round(r.averageBlockedTime()))),
                    esc(DurationText.of(Math.round(r.averageHoldTime()))),
                    LockMetrics.utilisationPercent(r.realTime(), c.runNanos()), esc(first)));
        }
        sb.append("</tbody></table></section>\n");
    }

    private static void whatIf(StringBuilder sb, WhatIfTable w, boolean allFrames) {
        sb.append(String.format(Locale.ROOT, "<section id=\"whatif\"><h2>What if a section were shorter</h2>\n<p class=\"about\">"
                + "lockstat whatif: a replay of the run in which one owner method's holds take %.2f of their time, every "
                + "thread's other work as recorded; speedup is the threads' rate of lock acquisitions in that replay over "
                + "the same replay unscaled. Ranked by gain; blocked: the blocked time charged to the section's holders, "
                + "with its rank by that; held: its holds as a percent of the run. Where the two ranks differ, blocked "
                + "time is not what a shorter section gives back.</p>\n", w.scale()));
        if (w.caveat() != null) {
            sb.append("<p class=\"caveat\">").append(esc(w.caveat())).append("</p>\n");
        }
        if (w.sections().isEmpty()) {
            sb.append("<p class=\"empty\">").append(esc(w.note())).append("</p></section>\n");
            return;
        }
        sb.append("<table class=\"whatif\"><thead><tr><th>section</th><th>speedup</th><th>blocked</th><th>rank by blocked</th>"
                + "<th>held</th></tr></thead><tbody>\n");
        for (WhatIf.Section s : w.sections()) {
            sb.append(String.format(Locale.ROOT, "<tr><td class=\"lock\">%s</td><td>%.2fx</td><td>%.2f%%</td><td>#%d</td>"
                    + "<td>%.2f%%</td></tr>\n", esc(ChainRef.keyText(s.key(), allFrames)), s.predictedSpeedup(), s.blockedPercent(),
                    s.blockedRank(), s.ownerPercent()));
        }
        sb.append(String.format(Locale.ROOT, "</tbody></table>\n<p class=\"about\">The unscaled replay goes at %.2f of the "
                + "recorded run's speed; lockstat whatif TRACE has the notes on what the replay cannot know.</p></section>\n",
                w.replayRatio()));
    }

    /** The bottle graph as the viewer draws it: boxes stacked, widest at the bottom, centred. */
    private static void bottle(StringBuilder sb, Content c) {
        BottleGraph g = c.bottle();
        sb.append("<section id=\"bottle\"><h2>Bottle graph</h2>\n<p class=\"about\">Each thread is a box: its height is its "
                + "share of the run time, its width its parallelism (how many threads ran beside it); the narrow boxes "
                + "at the top are the bottleneck. Running is ").append(g.cpuRecorded() ? "time on a CPU, from the threads' "
                + "recorded CPU time." : "alive and not blocked: the trace has no CPU time.").append("</p>\n");
        if (g.boxes().isEmpty()) {
            sb.append("<p class=\"empty\">No thread ran in the window.</p></section>\n");
            return;
        }
        double widest = Math.max(1, c.cpus());
        double height = 0;
        for (BottleGraph.Box b : g.boxes()) {
            widest = Math.max(widest, b.parallelism());
            height += b.shareNanos();
        }
        int w = 420, h = 360;
        sb.append("<div class=\"bottle\"><svg viewBox=\"0 0 ").append(w).append(' ').append(h + 20)
          .append("\" width=\"").append(w).append("\" role=\"img\" aria-label=\"bottle graph\">\n");
        double y = 0;
        for (BottleGraph.Box b : g.boxes()) {
            double bw = w * b.parallelism() / widest, bh = height == 0 ? 0 : h * b.shareNanos() / height;
            sb.append(String.format(Locale.ROOT, "<rect class=\"box\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                    + "fill=\"%s\"><title>%s: %s high, %.2f wide</title></rect>\n", (w - bw) / 2, y, Math.max(1, bw),
                    Math.max(0.5, bh), colour(b.label()), esc(b.label()), esc(ReportFormat.millis(Math.round(b.shareNanos()))),
                    b.parallelism()));
            if (bh >= 13) {
                sb.append(String.format(Locale.ROOT, "<text class=\"boxlabel\" x=\"%d\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
                        w / 2, y + bh / 2 + 4, esc(b.label())));
            }
            y += bh;
        }
        if (c.cpus() > 0) {
            sb.append(String.format(Locale.ROOT, "<text class=\"tick\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">width: %s "
                    + "(%d CPUs)</text>\n", w / 2, h + 15, widest > c.cpus() ? trim(widest) + " threads" : "all CPUs", c.cpus()));
        }
        sb.append("</svg>\n<table class=\"boxes\"><thead><tr><th>thread</th><th>height</th><th>width</th><th>running</th>"
                + "<th>runnable</th><th>threads</th></tr></thead><tbody>\n");
        for (BottleGraph.Box b : g.boxes()) {
            sb.append(String.format(Locale.ROOT, "<tr><td><span class=\"swatch\" style=\"background:%s\"></span>%s</td><td>%s</td>"
                    + "<td>%.2f</td><td>%s</td><td>%s</td><td>%d</td></tr>\n", colour(b.label()), esc(b.label()),
                    esc(ReportFormat.millis(Math.round(b.shareNanos()))), b.parallelism(), esc(ReportFormat.millis(b.runningNanos())),
                    esc(ReportFormat.millis(b.runnableNanos())), b.threads()));
        }
        sb.append("</tbody></table></div>\n");
        if (g.oversubscribed()) {
            sb.append("<p class=\"note\">Runnable threads waited for a CPU for ").append(esc(ReportFormat.millis(g.runnableNanos())))
              .append(": more threads were ready to run than the CPUs could run; that is not parallelism.</p>\n");
        }
        if (g.untracedThreads() > 0) {
            sb.append("<p class=\"note\">").append(g.untracedThreads())
              .append(" thread(s) without a traced event or CPU time left out.</p>\n");
        }
        sb.append("</section>\n");
    }

    /** A stable colour per label, in the flame graph's warm range. */
    private static String colour(String label) {
        int h = 0;
        for (int i = 0; i < label.length(); i++) {
            h = h * 31 + label.charAt(i);
        }
        h &= 0x7fffffff;
        return "hsl(" + (20 + h % 180) + ", 55%, " + (62 + (h >> 8) % 14) + "%)";
    }

    /** Both flame graphs: the flame command's own page, in an iframe so its script keeps to itself. */
    private static void flame(StringBuilder sb, Content c) {
        sb.append("<section id=\"flame\"><h2>Flame graphs</h2>\n<p class=\"about\">Blocked threads' call chains and lock owners' "
                + "call chains, weighted by blocked time (lockstat flame --format html): click a frame to zoom, search by "
                + "regular expression.</p>\n<iframe title=\"flame graphs\" sandbox=\"allow-scripts\" srcdoc=\"");
        sb.append(esc(FlameGraphHtml.render(c.title(), c.blockedStacks(), c.ownerStacks(), false)));
        sb.append("\"></iframe></section>\n");
    }

    /** Text for an HTML element or a quoted attribute. */
    static String esc(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(ch);
            }
        }
        return sb.toString();
    }

    private static final String HEAD = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>/*TITLE*/</title>
            <style>
            body { font: 13px sans-serif; margin: 0 auto; padding: 0 18px 24px; color: #222; background: #fff; max-width: 1200px; }
            header { position: sticky; top: 0; background: #fff; border-bottom: 1px solid #ccd; padding: 10px 0 6px; z-index: 1; }
            h1 { font-size: 17px; margin: 0 0 6px; }
            h2 { font-size: 15px; margin: 22px 0 4px; border-bottom: 1px solid #e2e2ea; padding-bottom: 3px; }
            nav a { margin-right: 14px; color: #2a5d9f; text-decoration: none; }
            nav a:hover { text-decoration: underline; }
            .source, .about, .legend, footer { color: #555; }
            .cards { display: flex; flex-wrap: wrap; gap: 10px; margin: 8px 0; }
            .card { border: 1px solid #dde; border-radius: 4px; padding: 8px 12px; min-width: 170px; background: #fafafd; }
            .card .label { color: #666; font-size: 12px; }
            .card .value { font-size: 19px; font-weight: bold; margin: 2px 0; }
            .card .detail { color: #555; font-size: 12px; }
            .note { color: #444; background: #f3f6fb; padding: 4px 8px; }
            .warn { color: #8a4b00; background: #fff4e0; padding: 4px 8px; }
            .notes { color: #555; }
            .empty { color: #777; font-style: italic; }
            .caveat { border-left: 4px solid #c0392b; background: #fdf2f0; padding: 6px 10px; }
            svg .grid { stroke: #e4e4ea; }
            svg .tick { font: 11px sans-serif; fill: #555; }
            svg .blocked, .swatch.blocked { fill: #d9534f; background: #d9534f; }
            svg .waiting, .swatch.waiting { fill: #f0ad4e; background: #f0ad4e; }
            .swatch { display: inline-block; width: 11px; height: 11px; margin: 0 4px 0 8px; vertical-align: -1px; border-radius: 2px; }
            .tree { font: 12px monospace; border: 1px solid #e2e2ea; }
            .tree details > summary { list-style: none; cursor: pointer; }
            .tree details > summary::-webkit-details-marker { display: none; }
            .tree summary .key::before { content: "\\25b8 "; color: #888; }
            .tree details[open] > summary .key::before { content: "\\25be "; }
            .tree .leaf .key::before { content: "\\2003"; }
            .row { display: flex; align-items: center; padding: 1px 4px; white-space: nowrap; }
            .row:hover { background: #eef3fb; }
            .row.head { font-weight: bold; background: #f4f4f8; }
            .row .bar { width: 80px; height: 9px; background: #eee; margin-right: 6px; flex: none; }
            .row .bar span { display: block; height: 9px; background: #d9534f; }
            .row.head .bar { background: none; }
            .row .pct { width: 64px; text-align: right; flex: none; }
            .row .num { width: 104px; text-align: right; flex: none; }
            .row .key { margin-left: 12px; overflow: hidden; text-overflow: ellipsis; }
            .frames { color: #666; font: 11px monospace; padding: 1px 0 3px 690px; }
            .frames div { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
            table { border-collapse: collapse; font-size: 12px; }
            table.locks { width: 100%; }
            th:first-child { text-align: left; }
            th, td { border-bottom: 1px solid #eee; padding: 3px 8px; text-align: right; white-space: nowrap; }
            th { background: #f4f4f8; }
            td.lock, td.first, .boxes td:first-child { text-align: left; font-family: monospace; white-space: normal; }
            td.first { color: #555; max-width: 300px; overflow-wrap: anywhere; }
            td.lock { overflow-wrap: anywhere; }
            .bottle { display: flex; gap: 24px; align-items: flex-start; flex-wrap: wrap; }
            .bottle rect { stroke: #fff; stroke-width: 1; }
            .boxlabel { font: 11px sans-serif; fill: #222; }
            iframe { width: 100%; height: 520px; border: 1px solid #e2e2ea; }
            footer { margin-top: 24px; font-size: 12px; }
            </style>
            </head>
            <body>
            """;
}
