/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.
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

/*
 * @test
 * @summary A release of a monitor is recorded only while a thread is blocked on it (between its
 *          ContendedEnter and ContendedEntered), not while threads merely spin for it: replaying each
 *          monitor's events in sequence order finds no exit outside a blocked interval (but for one
 *          right before the enter of a thread that counted itself blocked as the release checked). On this
 *          workload the owners barge while a thread stays queued, so exits still far outnumber
 *          contentions, and the owners are still attributed: the thread holding the lock 2 ms
 *          causes a large part of the blocked time. A MonitorReleaseSummary counts as the releases it stands
 *          for, which all lie in one blocked interval.
 * @library /lib
 * @modules jdk.lockstat/jdk.lockstat.internal.format
 * @build LockStatRun
 * @run main/timeout=300 ExitEventsTest
 */
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class ExitEventsTest {
    /**
     * 1 auditor holds the lock 2 ms (sleeping), then leaves it free 1 ms; 3 threads make short transfers as
     * fast as they can. The free millisecond is what makes the blocking episodes certain: a transfer thread
     * that blocked during an audit gets the lock in it, and blocks again (a new enter) at the next audit. If
     * the auditor took the lock back at once, as it did before, a blocked transfer thread could stay in
     * one enter for most of the run (8 enters in 1.5 s were seen under CI's load).
     */
    public static class Workload {
        static final Object ledger = new Object();
        static long balance;

        static void transfer() {
            synchronized (ledger) {
                balance++;
            }
        }

        static void audit() throws InterruptedException {
            synchronized (ledger) {
                Thread.sleep(2);
            }
        }

        public static void main(String[] args) throws Exception {
            long end = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000;
            Thread[] threads = new Thread[4];
            for (int i = 0; i < threads.length; i++) {
                boolean auditor = i == 0;
                threads[i] = new Thread(() -> {
                    try {
                        while (System.nanoTime() < end) {
                            if (auditor) {
                                audit();
                                Thread.sleep(1);
                            } else {
                                transfer();
                            }
                        }
                    } catch (InterruptedException e) {
                        throw new RuntimeException(e);
                    }
                }, auditor ? "auditor" : "transfer-" + i);
                threads[i].start();
            }
            for (Thread t : threads) {
                t.join();
            }
            System.out.println("balance " + balance);
        }
    }

    static final Pattern EVENT = Pattern.compile("^(MonitorInflate|MonitorContendedEnter|MonitorContendedEntered|"
            + "MonitorContendedExit|MonitorWaitExit|MonitorReleaseSummary|MonitorForwardResolve) .* monitor=([0-9]+) seq=([0-9]+)(?: count=([0-9]+))?");
    static final Pattern ENTER_SEQ = Pattern.compile(" enterSeq=([0-9]+)");
    static final Pattern OWNER_SEQ = Pattern.compile(" ownerSeq=([0-9]+)");

    static long field(Pattern p, String line) {
        Matcher m = p.matcher(line);
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    /**
     * The VM numbers a monitor's events from two counters (docs/trace-format.md, "Monitor sequence
     * numbers"): each event's place in the one order is its owner-side count plus its enter-side count;
     * an enter numbered j lies before the first owner-side event that read an enter count above j.
     * Computed here on its own, apart from the analysis. {number, kind, releases, other count}.
     */
    static void place(List<long[]> events) {
        List<long[]> owner = events.stream().filter(e -> e[1] >= 2).sorted((a, b) -> Long.compare(a[0], b[0])).toList();
        long[] places = new long[events.size()];
        for (int i = 0; i < places.length; i++) {
            long[] e = events.get(i);
            if (e[1] != 1) {
                places[i] = e[0] + e[3];   // owner side: its number plus the enters before it; inflate: plus the owner count
                continue;
            }
            long k = -1;
            for (long[] o : owner) {
                if (o[3] > e[0]) {
                    k = o[0];
                    break;
                }
            }
            if (k < 0) {
                k = owner.isEmpty() ? 0 : owner.get(owner.size() - 1)[0] + owner.get(owner.size() - 1)[2];
            }
            places[i] = e[0] + k;
        }
        for (int i = 0; i < places.length; i++) {
            events.get(i)[0] = places[i];
        }
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "exits").toAbsolutePath();
        Path trace = dir.resolve("exits.lct");
        LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace,
                "ExitEventsTest$Workload", "1500").shouldHaveExitValue(0);
        LockStatRun.verifyOk(trace);

        // Per monitor, events by sequence number: +1 at an enter, -1 at its entered; an exit needs > 0.
        // {seq, kind, releases}: kind 0 inflate, 1 enter, 2 entered, 3 exit (one release, or a summary's count)
        Map<String, List<long[]>> byMonitor = new HashMap<>();
        Map<String, Integer> inflates = new HashMap<>();
        String print = LockStatRun.lockstat("print", trace.toString()).shouldHaveExitValue(0).stdout;
        for (String line : (Iterable<String>) print.lines()::iterator) {
            Matcher m = EVENT.matcher(line);
            if (!m.find()) {
                continue;
            }
            int kind = switch (m.group(1)) {
                case "MonitorInflate" -> 0;
                case "MonitorContendedEnter" -> 1;
                case "MonitorContendedEntered" -> 2;
                case "MonitorForwardResolve" -> 4;   // owner side, not a release: placed, not replayed
                default -> 3;
            };
            long releases = m.group(4) != null ? Long.parseLong(m.group(4)) : 1;
            long other = field(kind == 0 ? OWNER_SEQ : ENTER_SEQ, line);
            byMonitor.computeIfAbsent(m.group(2), k -> new ArrayList<>()).add(new long[] {Long.parseLong(m.group(3)), kind, releases, other});
            if (kind == 0) {
                inflates.merge(m.group(2), 1, Integer::sum);
            }
        }
        long enters = 0, exits = 0, outside = 0, racing = 0, checked = 0;
        for (Map.Entry<String, List<long[]>> e : byMonitor.entrySet()) {
            if (inflates.getOrDefault(e.getKey(), 0) != 1) {
                continue;   // an address reused by another monitor: sequence numbers restart; not replayed
            }
            checked++;
            List<long[]> events = e.getValue();
            place(events);
            events.sort((a, b) -> Long.compare(a[0], b[0]));
            int blocked = 0;
            for (int i = 0; i < events.size(); i++) {
                switch ((int) events.get(i)[1]) {
                    case 1 -> { blocked++; enters++; }
                    case 2 -> blocked--;
                    case 3 -> {
                        exits += events.get(i)[2];
                        if (blocked <= 0) {
                            // Allowed: a thread counted itself blocked just before this release's check and
                            // takes its enter's number just after it (the next event that is no exit).
                            int j = i + 1;
                            while (j < events.size() && events.get(j)[1] == 3) {
                                j++;
                            }
                            if (j < events.size() && events.get(j)[1] == 1) {
                                racing += events.get(i)[2];
                            } else {
                                outside += events.get(i)[2];
                            }
                        }
                    }
                    default -> { }
                }
            }
        }
        System.out.println(checked + " monitors replayed: " + enters + " enters, " + exits + " exits, " + outside
                + " exits with no thread blocked, " + racing + " just before a racing enter");
        // About 500 audits in 1.5 s, each one blocking the transfer threads that try meanwhile (a 2 ms
        // sleep outlasts any spin). Ten enters are plenty to replay; the exits are the facts this test is
        // about.
        LockStatRun.check(enters >= 10, "the monitor was contended: " + enters);
        LockStatRun.check(outside == 0, "every recorded exit falls in a blocked interval: " + outside + " do not");

        String json = LockStatRun.lockstat("report", "--by", "owner-method", "--format", "json", trace.toString())
                .shouldHaveExitValue(0).stdout;
        double audit = LockStatRun.percentOf(json, "ExitEventsTest$Workload.audit");
        double unknown = LockStatRun.percentOf(json, "<unknown owner>");
        System.out.println("owner-method: audit " + audit + "%, unknown " + unknown + "%");
        // Most, not all: a transfer thread preempted while it holds the lock (2 CPUs, and under jtreg's
        // -conc:2 another test's VM beside this one) blocks the others for a scheduler's time slice, and
        // the trace rightly names it; 46.5% was seen once under that load (60-90% otherwise).
        LockStatRun.check(audit >= 40, "the 2 ms holder causes a large part of the blocked time: " + audit + "%");
        LockStatRun.check(unknown <= 5, "owners stay known: unknown " + unknown + "%");
    }
}
