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
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.SequenceNumbers;
import jdk.lockstat.internal.format.TraceParser;

/**
 * lockstat verify's checks of event contents: every call chain, method and class an event refers to
 * is defined somewhere in the trace (metadata may come later than its use: paper 3.4), and every
 * monitor's sequence numbers are gapless. A monitor address can be reused after deflation, with a
 * sequence starting at 0 again, so per address the count of sequence number k never grows with k.
 * A MonitorReleaseSummary holds all the numbers it covers (seq .. seq+count-1). A monitor or park
 * event whose number cannot be real by {@link SequenceNumbers}'s rule is damage, counted as the
 * analysis counts it (its "impossible sequence number" note): one rule for both. With split numbering
 * (docs/trace-format.md) the owner side's numbers and the enter side's are each gapless, and are checked
 * apart: the owner side's lifetimes begin at their inflate's ownerSeq.
 */
final class ReferenceChecker implements TraceParser.Listener {
    private static final int MAX_REPORTED = 20;

    private final Set<Long> chains = new HashSet<>();
    private final Set<Long> methods = new HashSet<>();
    private final Set<Long> classes = new HashSet<>();
    private final Map<Long, Long> usedChains = new HashMap<>();       // chain -> first use (for messages)
    private final Set<Long> usedMethods = new HashSet<>();
    private final Set<Long> usedClasses = new HashSet<>();
    private final Map<Long, SeqCoverage> seqCounts = new HashMap<>();  // monitor -> events per seq
    // split numbering: monitor -> events per owner-side number, and those lifetimes' starts
    private final Map<Long, SeqCoverage> ownerSeqCounts = new HashMap<>();
    private final Map<Long, Map<Long, Integer>> ownerLifetimeStarts = new HashMap<>();
    // monitor -> seqs of its MonitorInflates: a lifetime may begin past 0 there (a trace started in a
    // running VM, jcmd LockStat.start, meets monitors inflated before it and begins them at their inflate)
    private final Map<Long, Map<Long, Integer>> lifetimeStarts = new HashMap<>();
    private final Map<Long, Long> forwardRefs = new HashMap<>();       // wait() forward ref -> thread
    private final Set<Long> resolvedRefs = new HashSet<>();
    private final Set<Long> endedThreads = new HashSet<>();
    private long impossibleSequenceNumbers;
    private boolean split;
    private long writer;
    private long context;   // thread the current buffer's events belong to (VthreadMount switches it)

    @Override
    public void header(jdk.lockstat.internal.format.TraceHeader header) {
        split = header.splitMonitorNumbering();
    }

    @Override
    public void buffer(jdk.lockstat.internal.format.EventBuffer b, long recordOffset) {
        writer = b.writerThread();
        context = writer;
    }

    @Override
    public void event(Event e) {
        int id = e.type().id();
        if (id == EventType.VTHREAD_MOUNT.id()) {
            context = e.getLong("thread");
        } else if (id == EventType.VTHREAD_UNMOUNT.id()) {
            context = writer;
        } else if (id == EventType.THREAD_END.id()) {
            endedThreads.add(e.getLong("thread"));
        } else if (id == EventType.MONITOR_WAIT_EXIT.id() && e.getLong("forwardRef") > 0) {
            forwardRefs.put(e.getLong("forwardRef"), context);
        } else if (id == EventType.MONITOR_FORWARD_RESOLVE.id()) {
            resolvedRefs.add(e.getLong("forwardRef"));
        }
        if (id == EventType.CALL_CHAIN.id()) {
            chains.add(e.getLong("chain"));
            for (Object[] frame : e.getList("frames")) {
                usedMethods.add((Long) frame[0]);
            }
        } else if (id == EventType.METHOD.id()) {
            methods.add(e.getLong("method"));
            usedClasses.add(e.getLong("class"));
        } else if (id == EventType.CLASS.id()) {
            classes.add(e.getLong("class"));
        }
        long chain = e.type().fieldIndex("chain") >= 0 && id != EventType.CALL_CHAIN.id() && id != EventType.CHAIN_PURGE.id()
                ? e.getLong("chain") : 0;
        if (chain > 0) {
            usedChains.putIfAbsent(chain, e.time());
        }
        boolean summary = id == EventType.MONITOR_RELEASE_SUMMARY.id();
        if (summary) {
            int at = e.type().fieldIndex("owners");
            int chainAt = at < 0 ? -1 : e.type().fields().get(at).elements().stream().map(f -> f.name()).toList().indexOf("chain");
            for (Object[] owner : e.getList("owners")) {
                if (chainAt >= 0 && chainAt < owner.length && owner[chainAt] instanceof Long c && c > 0) {
                    usedChains.putIfAbsent(c, e.time());
                }
            }
        }
        if (id == EventType.MONITOR_INFLATE.id()) {
            usedClasses.add(e.getLong("class"));
            lifetimeStarts.computeIfAbsent(e.getLong("monitor"), m -> new HashMap<>()).merge(e.getLong("seq"), 1, Integer::sum);
            if (split && e.type().fieldIndex("ownerSeq") >= 0) {
                ownerLifetimeStarts.computeIfAbsent(e.getLong("monitor"), m -> new HashMap<>())
                        .merge(e.getLong("ownerSeq"), 1, Integer::sum);
            }
        }
        long monitor = e.type().fieldIndex("monitor") >= 0 ? e.getLong("monitor") : -1;
        if (monitor >= 0 && e.type().fieldIndex("seq") >= 0) {
            long seq = e.getLong("seq");
            long count = summary ? e.getLong("count") : 1;
            Map<Long, SeqCoverage> side = split && ownerSide(id) ? ownerSeqCounts : seqCounts;
            if (SequenceNumbers.possible(seq, count)) {
                side.computeIfAbsent(monitor, m -> new SeqCoverage()).add(seq, seq + count);
            } else {
                impossibleSequenceNumbers++;   // the analysis ignores it too
            }
        } else if (e.type().fieldIndex("gseq") >= 0 && !SequenceNumbers.possible(e.getLong("gseq"))) {
            impossibleSequenceNumbers++;
        }
    }

    /** With split numbering: the events numbered by the monitor's owner (the others, by the enter side). */
    private static boolean ownerSide(int id) {
        return id == EventType.MONITOR_CONTENDED_ENTERED.id() || id == EventType.MONITOR_CONTENDED_EXIT.id()
                || id == EventType.MONITOR_WAIT_EXIT.id() || id == EventType.MONITOR_FORWARD_RESOLVE.id()
                || id == EventType.MONITOR_RELEASE_SUMMARY.id() || id == EventType.MONITOR_NOTIFY.id();
    }

    /** Monitor and park events whose sequence number cannot be real (damage; the analysis ignores them). */
    long impossibleSequenceNumbers() {
        return impossibleSequenceNumbers;
    }

    /** Dangling references, at most one line per kind. */
    List<String> referenceProblems() {
        List<String> p = new ArrayList<>();
        report(p, "call chain", usedChains.keySet(), chains);
        report(p, "method", usedMethods, methods);
        report(p, "class", usedClasses, classes);
        return p;
    }

    /** Monitors whose sequence numbers have gaps, at most a few named. */
    List<String> sequenceGaps() {
        List<String> p = new ArrayList<>();
        int gaps = 0;
        for (int side = 0; side < 2; side++) {
            Map<Long, Map<Long, Integer>> sideStarts = side == 0 ? lifetimeStarts : ownerLifetimeStarts;
            String which = side == 0 ? "" : "owner-side ";
            for (Map.Entry<Long, SeqCoverage> m : (side == 0 ? seqCounts : ownerSeqCounts).entrySet()) {
                Map<Long, Integer> starts = sideStarts.getOrDefault(m.getKey(), Map.of());
                long k = m.getValue().firstGap(seq -> starts.getOrDefault(seq, 0));
                if (k >= 0 && gaps++ < MAX_REPORTED) {
                    p.add(String.format("monitor 0x%x: %ssequence number %d is missing (%d is present)", m.getKey(), which, k, k + 1));
                }
            }
        }
        if (gaps > MAX_REPORTED) {
            p.add((gaps - MAX_REPORTED) + " more monitors with sequence gaps");
        }
        return p;
    }

    /**
     * wait() forward references never resolved. A thread still waiting when the trace ended cannot
     * have resolved its reference: only those of ended threads are problems (the rest: notes).
     */
    List<String> unresolvedForwardRefs(boolean problemsOnly) {
        List<String> p = new ArrayList<>();
        long problems = 0, open = 0;
        for (Map.Entry<Long, Long> r : forwardRefs.entrySet()) {
            if (!resolvedRefs.contains(r.getKey())) {
                if (endedThreads.contains(r.getValue())) {
                    problems++;
                } else {
                    open++;
                }
            }
        }
        if (problemsOnly && problems > 0) {
            p.add(problems + " wait() forward references of ended threads never resolved");
        } else if (!problemsOnly && open > 0) {
            p.add(open + " wait() forward references still open at the end (threads still holding the monitor)");
        }
        return p;
    }

    int forwardReferences() {
        return forwardRefs.size();
    }

    private static void report(List<String> p, String what, Set<Long> used, Set<Long> defined) {
        long missing = used.stream().filter(x -> x != 0 && !defined.contains(x)).count();
        if (missing > 0) {
            Long example = used.stream().filter(x -> x != 0 && !defined.contains(x)).findFirst().orElseThrow();
            p.add(missing + " " + what + " reference(s) without metadata, e.g. 0x" + Long.toHexString(example));
        }
    }

    int monitors() {
        return seqCounts.size();
    }
}
