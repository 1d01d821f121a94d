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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.TraceFormatException;
import jdk.lockstat.internal.format.TraceHeader;
import jdk.lockstat.internal.format.TraceParser;

/**
 * lockstat summary: header fields, extent, event counts and threads of a trace: the application's, and
 * LockStat's own apart (they are not the application's, and a reader counting its threads would be misled).
 */
final class SummaryCommand implements Command {
    private static final int MAX_THREADS_LISTED = 50;
    /** How the names of the threads LockStat starts in the traced VM begin (internal/recorder). */
    private static final String LOCKSTAT_THREAD_PREFIX = "LockStat ";

    @Override
    public String name() {
        return "summary";
    }

    @Override
    public String usage() {
        return "lockstat summary [--format text|json] TRACE";
    }

    @Override
    public String description() {
        return "header fields, duration, event counts and threads of a trace (LockStat's own apart)";
    }

    @Override
    public int run(List<String> args, PrintStream out, PrintStream err) throws ToolException {
        Options o = Options.parse(args, Set.of(), Set.of("--format"), usage());
        String format = o.values.getOrDefault("--format", "text");
        if (!format.equals("text") && !format.equals("json")) {
            throw new ToolException("--format must be text or json, not " + format, 2);
        }
        Path file = TraceArgument.single(o.positional, usage());
        TraceStatistics stats = new TraceStatistics();
        TraceParser.Result r;
        try {
            r = TraceParser.parse(file, stats);
        } catch (TraceFormatException e) {
            throw new ToolException(file + ": " + e.getMessage(), 1);
        } catch (IOException e) {
            throw new ToolException("cannot read " + file + ": " + e.getMessage(), 1);
        }
        long size = size(file);
        if (format.equals("json")) {
            printJson(out, file, size, r, stats);
        } else {
            printText(out, file, size, r, stats);
        }
        return r.intact() ? 0 : 1;
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }

    private static void printText(PrintStream out, Path file, long size, TraceParser.Result r, TraceStatistics s) {
        out.printf("Trace:        %s (%,d bytes)%n", file, size);
        out.printf("Format:       %s, %s%n", r.version(), r.compressed() ? "Snappy framing (compressed)" : "uncompressed");
        out.printf("State:        %s%n", r.complete() ? "complete (closed at VM exit)"
                : r.truncated() ? "truncated (the VM did not close it; data up to the cut is shown)"
                : "no end record (the VM did not close it)");
        TraceHeader h = r.header();
        if (h != null) {
            out.printf("JDK:          %s%n", h.get(TraceHeader.JDK_VERSION));
            out.printf("VM:           %s%n", h.get(TraceHeader.VM_NAME));
            out.printf("Process id:   %s%n", h.get(TraceHeader.PID));
            long startMillis = h.getLong(TraceHeader.START_MILLIS, -1);
            out.printf("Start:        %s%n", startMillis >= 0 ? Instant.ofEpochMilli(startMillis) : "unknown");
            out.printf("Clock:        %s, %s ticks/s%n", h.get(TraceHeader.CLOCK), h.get(TraceHeader.CLOCK_FREQUENCY));
            out.printf("CPUs:         %s%n", h.get(TraceHeader.CPUS));
            if (h.sampling() > 1) {
                out.printf("Sampling:     one in %,d contentions recorded (reports scale counts and times by %d)%n",
                        h.sampling(), h.sampling());
            }
            out.println("Flags:");
            h.properties().forEach((k, v) -> {
                if (k.startsWith(TraceHeader.FLAG_PREFIX)) {
                    out.printf("  -XX:%s=%s%n", k.substring(TraceHeader.FLAG_PREFIX.length()), v);
                }
            });
            long end = r.complete() ? Json.parseLong(r.end().get("end.nanos")) : s.lastTime;
            if (end > 0 && h.startNanos() > 0) {
                out.printf("Duration:     %.3f s%n", (end - h.startNanos()) / 1e9);
            }
        }
        out.printf("Records:      %,d (%,d event buffers)%n", r.records(), r.buffers());
        out.printf("Events:       %,d%n", r.events());
        if (s.releaseSummaries > 0) {
            // Only where the VM summarized: a count of exits alone would understate the releases.
            out.printf("Releases:     %,d recorded, %,d of them in %,d %s%n", s.releases, s.summarizedReleases,
                    s.releaseSummaries, s.releaseSummaries == 1 ? "summary" : "summaries");
        }
        if (r.complete()) {
            out.printf("Lost buffers: %s (buffer high-water mark: %s buffers)%n",
                    r.end().get("lost.buffers"), r.end().get("buffer.high.water"));
            if (r.end().containsKey("ring.dropped.buffers")) {
                // LockStat.start maxsize=...: the ring kept the most recent data; these are not failures
                out.printf("Ring:         ring.dropped.buffers=%s in %s chunks (maxsize %s bytes): older data dropped to keep the most recent%n",
                        r.end().get("ring.dropped.buffers"), r.end().get("ring.dropped.chunks"), r.header().get("ring.max.size"));
            }
        }
        printChainsText(out, s.chains);
        printSectionsText(out, s.sections);
        out.println("Events by type:");
        s.sortedCounts().forEach((type, n) -> out.printf("  %-26s %,12d%n", type, n));
        List<TraceStatistics.ThreadInfo> application = threads(s, false), own = threads(s, true);
        out.printf("Threads:      %d started, %d ended%n", application.size(),
                application.stream().filter(TraceStatistics.ThreadInfo::ended).count());
        int listed = 0;
        for (TraceStatistics.ThreadInfo t : application) {
            if (listed++ == MAX_THREADS_LISTED) {
                out.printf("  ... %d more%n", application.size() - MAX_THREADS_LISTED);
                break;
            }
            out.printf("  %6d  %-40s %s%n", t.id(), Json.quote(t.name()), threadKind(t));
        }
        if (!own.isEmpty()) {
            out.println("LockStat's own threads:");
            own.forEach(t -> out.printf("  %6d  %-40s %s%n", t.id(), Json.quote(t.name()), threadKind(t)));
        }
        if (!r.problems().isEmpty()) {
            out.println("Problems:");
            r.problems().forEach(p -> out.println("  " + p));
        }
    }

    private static void printChainsText(PrintStream out, ChainStatistics chains) {
        if (!chains.present()) {
            return;
        }
        ChainStatistics.Counters t = chains.total();
        out.printf("Call chains:  %,d events with chains; %s reused from the chain set, %,d new%n",
                t.eventsWithChains(), percent(t.reusedPercent()), t.inserted());
        out.printf("              %,d physical frames walked (%.1f per event), %,d saved by frame marking (%s)%n",
                t.framesWalked(), t.eventsWithChains() == 0 ? 0.0 : (double) t.framesWalked() / t.eventsWithChains(),
                t.framesSaved(), percent(t.framesSavedPercent()));
        out.printf("              chain set: %,d chains, %,d bytes with the known methods and classes%n",
                t.chainSetSize(), t.chainSetBytes());
        List<ChainStatistics.Counters> periods = chains.periods();
        double minReuse = periods.stream().filter(p -> p.eventsWithChains() > 0)
                .mapToDouble(ChainStatistics.Counters::reusedPercent).min().orElse(Double.NaN);
        out.printf("              %d drain periods; lowest reuse in a period: %s%n", periods.size(), percent(minReuse));
    }

    private static void printSectionsText(PrintStream out, SectionStatistics sections) {
        if (!sections.present()) {
            return;
        }
        SectionStatistics.Counters t = sections.total();
        // What tracing added to critical sections: the time every other thread waiting for the lock waits too.
        out.printf("In critical sections (LockStat's own time while the traced thread owned the monitor):%n");
        out.printf("              %,.3f ms in all; %,d contended acquisitions, %s each; %,d releases, %s each (%,d timed)%n",
                t.totalNanos() / 1e6, t.acquisitions(), nanos(t.nanosPerAcquisition()), t.releases(),
                nanos(t.nanosPerRelease()), t.releasesTimed());
        if (t.inlineReleases() > 0) {
            out.printf("              %,d more releases continued their thread's run in C2's inline exit (no call into the VM; not timed)%n",
                    t.inlineReleases());
        }
        if (t.slowAcquisitions() > 0) {
            out.printf("              %,d acquisitions took a buffer or switched a virtual thread's context while owning%n",
                    t.slowAcquisitions());
        }
    }

    private static String nanos(double n) {
        return Double.isNaN(n) ? "n/a" : String.format("%.0f ns", n);
    }

    private static String percent(double p) {
        return Double.isNaN(p) ? "n/a" : String.format("%.2f%%", p);
    }

    private static String chainsJson(ChainStatistics chains) {
        if (!chains.present()) {
            return "null";
        }
        StringBuilder sb = new StringBuilder("{\n    ").append(counterFields(chains.total(), ",\n    "));
        sb.append(",\n    \"periods\": [");
        String sep = "";
        for (ChainStatistics.Counters p : chains.periods()) {
            sb.append(sep).append("\n      {").append(counterFields(p, ", ")).append('}');
            sep = ",";
        }
        return sb.append("\n    ]\n  }").toString();
    }

    private static String sectionsJson(SectionStatistics sections) {
        if (!sections.present()) {
            return "null";
        }
        SectionStatistics.Counters t = sections.total();
        return "{\"acquisitions\": " + t.acquisitions() + ", \"acquireNanos\": " + t.acquireNanos()
                + ", \"nanosPerAcquisition\": " + Json.number(t.nanosPerAcquisition())
                + ", \"releases\": " + t.releases() + ", \"releasesTimed\": " + t.releasesTimed()
                + ", \"releaseNanos\": " + t.releaseNanos()
                + ", \"nanosPerRelease\": " + Json.number(t.nanosPerRelease())
                + ", \"slowAcquisitions\": " + t.slowAcquisitions()
                + ", \"inlineReleases\": " + t.inlineReleases() + "}";
    }

    private static String counterFields(ChainStatistics.Counters c, String sep) {
        return "\"time\": " + c.time()
                + sep + "\"eventsWithChains\": " + c.eventsWithChains()
                + sep + "\"reused\": " + c.reused()
                + sep + "\"inserted\": " + c.inserted()
                + sep + "\"reusedPercent\": " + Json.number(c.reusedPercent())
                + sep + "\"framesWalked\": " + c.framesWalked()
                + sep + "\"framesSaved\": " + c.framesSaved()
                + sep + "\"framesSavedPercent\": " + Json.number(c.framesSavedPercent())
                + sep + "\"chainSetSize\": " + c.chainSetSize()
                + sep + "\"chainSetBytes\": " + c.chainSetBytes();
    }

    /**
     * LockStat's own threads (the drain, the last drain at exit, the duration timer, the shutdown hook)
     * are Java threads the trace names like any other; their names start with "LockStat ".
     */
    private static boolean isLockStatThread(String name) {
        return name != null && name.startsWith(LOCKSTAT_THREAD_PREFIX);
    }

    /** The application's threads (own false) or LockStat's own, in the trace's order. */
    private static List<TraceStatistics.ThreadInfo> threads(TraceStatistics s, boolean own) {
        return s.threads.values().stream().filter(t -> isLockStatThread(t.name()) == own).toList();
    }

    private static String threadKind(TraceStatistics.ThreadInfo t) {
        StringBuilder sb = new StringBuilder();
        sb.append((t.flags() & EventType.THREAD_VIRTUAL) != 0 ? "virtual" : "platform");
        if ((t.flags() & EventType.THREAD_DAEMON) != 0) {
            sb.append(", daemon");
        }
        if ((t.flags() & EventType.THREAD_EXISTED) != 0) {
            sb.append(", running when tracing started");
        }
        if (t.ended()) {
            sb.append(", ended");
        }
        return sb.toString();
    }

    private static void printJson(PrintStream out, Path file, long size, TraceParser.Result r, TraceStatistics s) {
        StringBuilder sb = new StringBuilder("{\n");
        sb.append("  \"file\": ").append(Json.quote(file.toString())).append(",\n");
        sb.append("  \"fileBytes\": ").append(size).append(",\n");
        sb.append("  \"formatVersion\": ").append(Json.quote(r.version())).append(",\n");
        sb.append("  \"compressed\": ").append(r.compressed()).append(",\n");
        sb.append("  \"complete\": ").append(r.complete()).append(",\n");
        sb.append("  \"truncated\": ").append(r.truncated()).append(",\n");
        sb.append("  \"header\": ").append(jsonMap(r.header() == null ? Map.of() : r.header().properties())).append(",\n");
        sb.append("  \"end\": ").append(r.end() == null ? "null" : jsonMap(r.end())).append(",\n");
        sb.append("  \"records\": ").append(r.records()).append(",\n");
        sb.append("  \"buffers\": ").append(r.buffers()).append(",\n");
        sb.append("  \"events\": ").append(r.events()).append(",\n");
        if (s.releaseSummaries > 0) {
            sb.append("  \"releases\": {\"recorded\": ").append(s.releases).append(", \"summarized\": ")
              .append(s.summarizedReleases).append(", \"summaries\": ").append(s.releaseSummaries).append("},\n");
        }
        sb.append("  \"eventsByType\": {");
        String sep = "";
        for (Map.Entry<String, Long> e : s.sortedCounts().entrySet()) {
            sb.append(sep).append(Json.quote(e.getKey())).append(": ").append(e.getValue());
            sep = ", ";
        }
        sb.append("},\n  \"callChains\": ").append(chainsJson(s.chains));
        sb.append(",\n  \"criticalSections\": ").append(sectionsJson(s.sections));
        sb.append(",\n  \"threads\": ").append(threadsJson(threads(s, false)));
        sb.append(",\n  \"lockStatThreads\": ").append(threadsJson(threads(s, true)));
        sb.append(",\n  \"problems\": [");
        sep = "";
        for (String p : r.problems()) {
            sb.append(sep).append(Json.quote(p));
            sep = ", ";
        }
        sb.append("]\n}");
        out.println(sb);
    }

    private static String threadsJson(List<TraceStatistics.ThreadInfo> threads) {
        StringBuilder sb = new StringBuilder("[");
        String sep = "";
        for (TraceStatistics.ThreadInfo t : threads) {
            sb.append(sep).append("\n    {\"id\": ").append(t.id()).append(", \"name\": ").append(Json.quote(t.name()))
              .append(", \"virtual\": ").append((t.flags() & EventType.THREAD_VIRTUAL) != 0)
              .append(", \"daemon\": ").append((t.flags() & EventType.THREAD_DAEMON) != 0)
              .append(", \"ended\": ").append(t.ended()).append('}');
            sep = ",";
        }
        return sb.append("\n  ]").toString();
    }

    private static String jsonMap(Map<String, String> m) {
        StringBuilder sb = new StringBuilder("{");
        String sep = "";
        for (Map.Entry<String, String> e : m.entrySet()) {
            sb.append(sep).append(Json.quote(e.getKey())).append(": ").append(Json.quote(e.getValue()));
            sep = ", ";
        }
        return sb.append('}').toString();
    }

}
