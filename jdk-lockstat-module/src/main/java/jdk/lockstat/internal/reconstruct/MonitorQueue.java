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

package jdk.lockstat.internal.reconstruct;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import jdk.lockstat.internal.format.SequenceNumbers;

/**
 * The event rearranger's queue for one monitor address. An address names one lock from its first event
 * to its MonitorDeflate and may then be reused with sequence numbers starting at 0 again, so the queue
 * holds a list of lifetimes: the first one delivers in sequence order, later ones wait until it ends.
 *
 * <p>An event goes to the first lifetime it fits: not past a known deflation (by sequence number and
 * time: the trace clock is system-wide, so a later lifetime's events are later than the deflation), and
 * not a sequence number that lifetime has already delivered or holds (the later in time of two events
 * with one number belongs to the later lifetime). A deflation that arrives after events of the next
 * lifetime were parked in the current one sends those on.
 *
 * <p>A release summary occupies all the numbers it covers: an event numbered inside a waiting summary's
 * range meets it as it would meet an event of its own number, and what waits inside a summary's range
 * when the summary is delivered is placed again (a later lifetime's, or a duplicate).
 *
 * <p>Events are delivered as soon as they are next in sequence, so a lifetime's deflation that arrives
 * late (the Monitor Deflation Thread hands its buffer over after the threads that inflated the address
 * again and contended on it) finds numbers from its own on already delivered: they were the next
 * lifetime's, which took them first. The two lifetimes are then analysed as one (see {@link #join}): the
 * next lifetime goes on where the delivered numbers end, its inflation names the lock, and only its
 * numbers before the deflation's (never delivered) are late. The H2/HikariCP trial's trace (bench/trials) has such
 * a monitor, inflated and deflated every few milliseconds: without the join its first lifetime waited
 * for a deflation it had dropped as a duplicate, the next 32 lifetimes queued behind it, and every
 * event after them was counted as an impossible sequence number although verify found none.
 *
 * <p>With split numbering ({@link MonitorEvent#enters}) every event but a contended enter knows its place
 * (both sides' numbers before it). Enters wait per lifetime by their enter-side number, placed by time
 * like any event of an address, and fill the places no owner-side event takes: the next place is an
 * enter's when the first event waiting after it has every owner-side number before it delivered, and
 * it is then the next enter's by number. Only a contended enter lacks a place of its own, because the
 * VM numbers the owner side without a locked instruction inside the critical section.
 *
 * <p>Whether a number itself can be real is {@link SequenceNumbers}'s rule, the one verify applies; an
 * event that fails it is the only one counted as an impossible sequence number. Events that pass it and
 * still cannot be held (too far ahead of their lifetime's other numbers) are counted as unplaced.
 */
final class MonitorQueue {
    /** Largest distance between the next expected and a waiting sequence number before forcing a resync. */
    static final long MAX_SPAN = 1 << 20;
    /**
     * Largest distance an event may wait at while the numbers before it may still arrive (see {@link
     * #add}): a release summary that is late can leave its successors millions of numbers ahead.
     */
    static final long MAX_LATE_SPAN = 1L << 40;
    /**
     * Most lifetimes of one address waiting at once. A real trace needs a few (an address reused while
     * the first lifetime waits for a late buffer); sequence numbers and times that contradict each
     * other (damage) would otherwise move events into ever new lifetimes, recursively.
     */
    static final int MAX_LIFETIMES = 32;
    /**
     * A later lifetime's window (8 bytes a slot) may grow past this span only as densely as it fills:
     * to at most 4 slots per event it holds. A monitor's real events come nearly gapless, so they
     * never meet the bound however many wait; numbers that damage scattered would otherwise give
     * MAX_LIFETIMES nearly empty windows of MAX_SPAN slots each.
     */
    static final long MAX_SPARSE_SPAN = 1 << 16;

    /** Receives the rearranged events of one address. */
    interface Target {
        void deliver(long address, MonitorEvent e);

        /** Sequence numbers were skipped before the next delivered event. */
        void gap(long address);

        /** The current lifetime is over (after its deflation was delivered, or given up). */
        void lifetimeEnded(long address, boolean endOfTrace);
    }

    private static final class Lifetime {
        final SeqWindow<MonitorEvent> window = new SeqWindow<>();
        long endSeq = -1;
        long endTime = Long.MAX_VALUE;
        /** Earliest event placed here: an earlier lifetime's events are all before it. */
        long minTime = Long.MAX_VALUE;
        /** No waiting event is later than this (an upper bound: spares scans that would find nothing). */
        long maxWaitingTime = Long.MIN_VALUE;
        /** Latest event delivered: a later lifetime's events are all after it. */
        long deliveredTime = Long.MIN_VALUE;
        /** Numbers were skipped before this lifetime's first event (see fitFarAhead). */
        boolean gapBeforeFirst;
        /** Recently skipped ranges [from, to): an event landing there arrived too late. */
        final List<long[]> skipped = new ArrayList<>(0);
        /**
         * After a {@link #join}: the late deflation's time and the latest event delivered before it came.
         * The joined next lifetime's events numbered below what was delivered lie between the two.
         */
        long joinedAfter = Long.MAX_VALUE;
        long joinedUntil = Long.MIN_VALUE;
        /** The joined lifetime's inflation, to be delivered next: it names the lock from now on. */
        MonitorEvent joinedInflate;
        /** Split numbering: contended enters waiting for their place, by enter-side number. */
        final TreeMap<Long, MonitorEvent> enters = new TreeMap<>();
        /** Split numbering: the enter-side number of the next enter-side place; -1 until one is known. */
        long nextEnter = -1;

        boolean joined() {
            return joinedUntil != Long.MIN_VALUE;
        }

        boolean wasSkipped(long seq) {
            for (long[] r : skipped) {
                if (seq >= r[0] && seq < r[1]) {
                    return true;
                }
            }
            return false;
        }

        void skip(long from, long to) {
            if (skipped.size() == 16) {
                skipped.remove(0);
            }
            skipped.add(new long[] {from, to});
        }
    }

    private final long address;
    private final AnalysisCounters counters;
    private final List<Lifetime> lifetimes = new ArrayList<>(1);
    private int pending;
    /** Events from this time on may still have missing numbers before them in buffers to come. */
    private long lateFrom = Long.MAX_VALUE;
    /** The period count at which the gap was found still fillable: not asked again before the next. */
    long fillableAtPeriod = -1;
    /** Events that found MAX_LIFETIMES lifetimes waiting: placed again once the first one is given up. */
    private final List<MonitorEvent> homeless = new ArrayList<>(0);

    MonitorQueue(long address, AnalysisCounters counters) {
        this.address = address;
        this.counters = counters;
    }

    int pending() {
        return pending;
    }

    /**
     * Time of the earliest event waiting behind the gap the first lifetime waits at (every missing
     * number was taken before it), or Long.MAX_VALUE when nothing waits.
     */
    long gapTime() {
        if (lifetimes.isEmpty()) {
            return Long.MAX_VALUE;
        }
        Lifetime l = lifetimes.get(0);
        long first = l.window.firstWaiting();
        if (first >= 0) {
            return l.window.get(first).time;
        }
        if (!l.enters.isEmpty()) {
            return l.enters.firstEntry().getValue().time;
        }
        return lifetimes.size() > 1 ? lifetimes.get(1).minTime : Long.MAX_VALUE;
    }

    boolean idle() {
        return pending == 0 && lifetimes.isEmpty();
    }

    /**
     * Places an event and delivers what is next in sequence. lateFrom: events from this time on may
     * still have numbers before them in buffers not handed over yet (the latest drain period's end;
     * Long.MAX_VALUE when the trace has no period ends, which leaves no way to tell): an event far ahead
     * of the next expected number waits for them there instead of being taken for a lost beginning
     * (a late release summary covering millions of numbers leaves its successors that far ahead).
     */
    void add(MonitorEvent e, Target out, long lateFrom) {
        if (e.unplaced()) {
            if (!SequenceNumbers.possible(e.enters, 1)) {
                counters.implausibleSequenceNumbers++;
                return;
            }
            this.lateFrom = lateFrom;
            placeEnter(e, 0);
            deliver(out);
            return;
        }
        if (!SequenceNumbers.possible(e.seq, e.count())) {
            counters.implausibleSequenceNumbers++;   // damage: no lifetime can hold it, next must not wrap
            return;
        }
        this.lateFrom = lateFrom;
        Lifetime active = lifetimes.isEmpty() ? null : lifetimes.get(0);
        if (active != null && active.endSeq < 0 && active.window.span(e.seq) >= MAX_SPAN && !beginsAt(active, e)
                && !mayWait(active, e)) {
            // Far ahead of what is expected (the lifetime's start was lost): stop waiting for the rest.
            while (!lifetimes.isEmpty() && lifetimes.get(0) == active && active.window.count() > 0) {
                resync(out);
            }
            if (!lifetimes.isEmpty() && lifetimes.get(0) == active && e.seq > active.window.next()) {
                long from = active.window.next();
                counters.skippedSequenceNumbers += e.seq - from;
                active.skip(from, e.seq);
                active.window.skipTo(e.seq);
                out.gap(address);
            }
        }
        place(e, 0);
        deliver(out);
        if (!homeless.isEmpty()) {
            // MAX_LIFETIMES lifetimes wait: the first one's gap or deflation will not come, give it up
            // and place again. Once only: numbers and times that contradict each other (damage) could
            // otherwise open a new lifetime for every one given up, forever.
            List<MonitorEvent> again = new ArrayList<>(homeless);
            homeless.clear();
            if (resync(out)) {
                counters.forcedResyncs++;
                for (MonitorEvent x : again) {
                    place(x, 0);
                }
                deliver(out);
            } else {
                homeless.addAll(again);   // cannot be: MAX_LIFETIMES > 1 lifetimes wait
            }
            counters.unplacedEvents += homeless.size();
            homeless.clear();
        }
    }

    private void place(MonitorEvent e, int start) {
        MonitorEvent cur = e;
        boolean addedLifetime = false;
        for (int i = start; cur != null; i++) {
            if (i == lifetimes.size()) {
                if (addedLifetime) {
                    // A new, empty lifetime did not take it either (fitFarAhead takes any number there,
                    // so this cannot be): never loop.
                    lifetimes.remove(i - 1);
                    counters.unplacedEvents++;
                    return;
                }
                if (i >= MAX_LIFETIMES) {
                    homeless.add(cur);   // add() gives the first lifetime up and places it again
                    return;
                }
                lifetimes.add(new Lifetime());
                addedLifetime = true;
            }
            Lifetime l = lifetimes.get(i);
            if (l.endSeq >= 0 && (cur.lastSeq() > l.endSeq || cur.time > l.endTime)) {
                continue;   // after this lifetime's deflation
            }
            if (l.joined() && cur.seq < l.window.next() && cur.time > l.joinedAfter && cur.time <= l.joinedUntil) {
                // The joined lifetime's own number below what was delivered: too late to be delivered in order.
                if (cur.kind == MonitorEvent.INFLATE && l.joinedInflate == null) {
                    l.joinedInflate = cur;
                } else {
                    counters.lateEvents++;
                }
                return;
            }
            if (i + 1 < lifetimes.size() && cur.time > lifetimes.get(i + 1).minTime) {
                continue;   // the next lifetime had begun: the address was inflated again before this
            }
            if (cur.seq < l.window.next()) {
                if (cur.kind == MonitorEvent.DEFLATE && l.endSeq < 0 && !l.joined() && cur.time >= l.minTime
                        && cur.time < l.deliveredTime) {
                    join(l, cur);   // this lifetime's deflation, later than what followed it
                    return;
                }
                if (cur.kind != MonitorEvent.INFLATE
                        && (l.endSeq >= 0 || l.wasSkipped(cur.seq) || cur.time <= l.deliveredTime)) {
                    counters.lateEvents++;   // a duplicate, or its gap was skipped already
                    return;
                }
                continue;   // a number this lifetime has delivered (or an inflation): a later lifetime's event
            }
            if (beginsAt(l, cur)) {
                l.window.skipTo(cur.seq);
            }
            MonitorEvent other = l.window.get(cur.seq);
            if (other == null) {
                other = l.window.covering(cur.seq);   // a waiting summary's number
            }
            if (other != null) {
                if (other.time <= cur.time) {
                    continue;
                }
                l.window.remove(other.seq);   // the earlier event of the two stays in this lifetime
                pending--;
                if (other.kind == MonitorEvent.DEFLATE) {
                    l.endSeq = -1;
                    l.endTime = Long.MAX_VALUE;
                }
                put(l, cur, i);
                cur = other;
                continue;
            }
            if (tooFar(l, i, cur) && !fitFarAhead(l, i, cur)) {
                counters.unplacedEvents++;   // a possible number, too far from the others to be held
                return;
            }
            put(l, cur, i);
            return;
        }
    }

    /**
     * An enter without its place (split numbering) waits in the first lifetime it fits by time: not
     * after a known deflation, not after the next lifetime began. Two enters with one number belong to
     * two lifetimes: the later in time goes on.
     */
    private void placeEnter(MonitorEvent e, int start) {
        MonitorEvent cur = e;
        for (int i = start; cur != null; i++) {
            if (i == lifetimes.size()) {
                if (i >= MAX_LIFETIMES) {
                    counters.unplacedEvents++;
                    return;
                }
                lifetimes.add(new Lifetime());
            }
            Lifetime l = lifetimes.get(i);
            if (l.endSeq >= 0 && (cur.time > l.endTime || cur.enters >= deflationEnters(l))) {
                continue;   // after this lifetime's deflation
            }
            if (i + 1 < lifetimes.size() && cur.time > lifetimes.get(i + 1).minTime) {
                continue;   // the next lifetime had begun
            }
            if (l.nextEnter >= 0 && cur.enters < l.nextEnter) {
                if (l.deliveredTime != Long.MIN_VALUE && cur.time <= l.deliveredTime) {
                    counters.lateEvents++;   // its place is behind what was delivered
                    return;
                }
                continue;   // a number this lifetime has passed: a later lifetime's enter
            }
            MonitorEvent other = l.enters.get(cur.enters);
            if (other != null && other.time <= cur.time) {
                continue;
            }
            l.enters.put(cur.enters, cur);   // the earlier of two stays, the other goes on
            if (other == null) {
                pending++;   // else cur took other's place and count, and other goes on uncounted
            }
            l.minTime = Math.min(l.minTime, cur.time);
            l.maxWaitingTime = Math.max(l.maxWaitingTime, cur.time);
            cur = other;
        }
    }

    /** The enter-side number of the deflation lifetime {@code l} ends with (Long.MAX_VALUE if not split). */
    private static long deflationEnters(Lifetime l) {
        MonitorEvent d = l.window.get(l.endSeq);
        return d != null && d.enters >= 0 ? d.enters : Long.MAX_VALUE;
    }

    /** Drops the waiting enters of {@code l} whose places were skipped (counted as late). */
    private void dropPassedEnters(Lifetime l) {
        Map.Entry<Long, MonitorEvent> first;
        while (l.nextEnter >= 0 && (first = l.enters.firstEntry()) != null && first.getKey() < l.nextEnter) {
            l.enters.pollFirstEntry();
            pending--;
            counters.lateEvents++;
        }
    }

    /**
     * Whether the next place of {@code l} is an enter's (split numbering): the first event waiting after
     * it has every owner-side number before it delivered, so the places up to it are enter-side ones.
     */
    private static boolean enterPlaceNext(Lifetime l) {
        if (l.nextEnter < 0) {
            return false;
        }
        long first = l.window.firstWaiting();
        if (first < 0) {
            return false;
        }
        MonitorEvent f = l.window.get(first);
        return f != null && f.enters >= 0 && f.ownersBefore() == l.window.next() - l.nextEnter;
    }

    /**
     * The waiting enter whose place is next in {@code l}, placed there (taken from the waiting ones, the
     * window moved past its place), or null.
     */
    private MonitorEvent takeEnterAtNext(Lifetime l) {
        if (l.enters.isEmpty()) {
            return null;
        }
        dropPassedEnters(l);
        Map.Entry<Long, MonitorEvent> first = l.enters.firstEntry();
        if (first == null || first.getKey() != l.nextEnter || !enterPlaceNext(l)) {
            return null;
        }
        l.enters.pollFirstEntry();
        long place = l.window.next();
        l.window.skipTo(place + 1);
        return first.getValue().placedAt(place);
    }

    /**
     * Lifetime {@code l}, which has delivered events numbered up to past {@code deflate}'s number, learns
     * of its deflation only now, and the deflation is earlier than some of them: the numbers from the
     * deflation's on that were delivered were the next lifetime's (its numbers start at 0 again and
     * arrived before the deflation did). They cannot be taken back, so {@code l} goes on as that next
     * lifetime: the deflation is not delivered (it would end the analysis of the lock between the next
     * lifetime's contentions), what the next lifetime has numbered past the delivered numbers follows in
     * order, its inflation is delivered when it comes (the lock it names may be another object at the
     * same address), and its numbers below the delivered ones, which never were delivered, are late. A
     * queue the next lifetime already had (its inflation came before the deflation) is placed again, so
     * into {@code l}. Counted: such lifetimes are analysed as one, and the report says so.
     */
    private void join(Lifetime l, MonitorEvent deflate) {
        l.joinedAfter = deflate.time;
        l.joinedUntil = l.deliveredTime;
        l.nextEnter = -1;   // the next lifetime's enter side starts again: known from its next owner-side event
        counters.joinedLifetimes++;
        int at = lifetimes.indexOf(l);
        if (at + 1 < lifetimes.size()) {
            Lifetime next = lifetimes.get(at + 1);
            if (next.deliveredTime == Long.MIN_VALUE && next.minTime > l.joinedAfter && next.minTime <= l.joinedUntil) {
                lifetimes.remove(at + 1);
                List<MonitorEvent> moved = next.window.removeIf(x -> true);
                pending -= moved.size();
                for (MonitorEvent x : moved) {
                    place(x, at);
                }
                for (MonitorEvent x : takeEnters(next, x -> true)) {
                    placeEnter(x, at);
                }
            }
        }
    }

    /**
     * Whether lifetime {@code l} begins at inflation {@code e} although its number is past 0: the monitor
     * was inflated before the trace began (a trace started in a running VM, jcmd LockStat.start, writes
     * a monitor's inflate when it first meets the monitor, with the number it has reached; a ring whose
     * older chunks were dropped keeps such an inflate). Nothing before it belongs to the trace, so it is
     * not a gap: only for a lifetime that delivered nothing and holds nothing numbered before it.
     */
    private static boolean beginsAt(Lifetime l, MonitorEvent e) {
        return e.kind == MonitorEvent.INFLATE && e.seq > l.window.next() && l.deliveredTime == Long.MIN_VALUE
                && l.endSeq < 0 && (l.window.count() == 0 || l.window.firstWaiting() > e.seq);
    }

    private boolean tooFar(Lifetime l, int index, MonitorEvent e) {
        long span = l.window.span(e.seq);
        if (index > 0) {
            return span >= MAX_SPAN || (span >= MAX_SPARSE_SPAN && span > 4L * (l.window.count() + 1));
        }
        return span >= MAX_SPAN && !mayWait(l, e);
    }

    /**
     * Whether an event far ahead may wait in the first lifetime {@code l} for the numbers before it, as
     * for any gap: they may be in a buffer still to come (the event is later than the latest period
     * end), and the distance is one a trace can reach. The window's memory is per waiting event, not per
     * number, so waiting costs no more than for any event; the bounds on pending events still apply. (A
     * later lifetime that has not begun takes a far-ahead start for a lost one, see fitFarAhead.)
     */
    private boolean mayWait(Lifetime l, MonitorEvent e) {
        return e.time >= lateFrom && l.window.span(e.seq) < MAX_LATE_SPAN;
    }

    /**
     * Whether an event far ahead of what lifetime {@code l} expects can wait there: only in a later
     * lifetime that holds and delivered nothing yet (its start was lost), which then waits from this
     * number on and reports the gap when it begins delivering. Anywhere else such a number is damage:
     * the first lifetime resyncs before placing (see {@link #add}), so a span that large means a
     * corrupt sequence number, and holding it would need a window of that size.
     */
    private boolean fitFarAhead(Lifetime l, int index, MonitorEvent e) {
        if (index == 0 || l.window.count() > 0 || l.deliveredTime != Long.MIN_VALUE || l.endSeq >= 0) {
            return false;
        }
        long from = l.window.next();
        counters.skippedSequenceNumbers += e.seq - from;
        l.skip(from, e.seq);
        l.window.skipTo(e.seq);
        l.gapBeforeFirst = true;
        return true;
    }

    private void put(Lifetime l, MonitorEvent e, int index) {
        l.window.put(e);
        l.maxWaitingTime = Math.max(l.maxWaitingTime, e.time);
        pending++;
        if (e.time < l.minTime) {
            l.minTime = e.time;
            Lifetime before = index > 0 ? lifetimes.get(index - 1) : null;
            if (before != null && before.maxWaitingTime > e.time) {
                // The lifetime before this one ended before e: what it holds from later belongs further on.
                before.maxWaitingTime = e.time;
                List<MonitorEvent> later = before.window.removeIf(x -> x.time > e.time);
                pending -= later.size();
                for (MonitorEvent x : later) {
                    place(x, index);
                }
                for (MonitorEvent x : takeEnters(before, x -> x.time > e.time)) {
                    placeEnter(x, index);
                }
            }
        }
        if (e.kind == MonitorEvent.DEFLATE) {
            l.endSeq = e.seq;
            l.endTime = e.time;
            List<MonitorEvent> later = l.window.removeIf(x -> x.lastSeq() > e.seq || x.time > e.time);
            pending -= later.size();
            for (MonitorEvent x : later) {
                place(x, index + 1);
            }
            for (MonitorEvent x : takeEnters(l, x -> x.time > e.time || (e.enters >= 0 && x.enters >= e.enters))) {
                placeEnter(x, index + 1);
            }
        }
    }

    /** Removes and returns the waiting enters of {@code l} that match. */
    private List<MonitorEvent> takeEnters(Lifetime l, java.util.function.Predicate<MonitorEvent> filter) {
        List<MonitorEvent> taken = new ArrayList<>(0);
        if (l.enters.isEmpty()) {
            return taken;
        }
        for (var it = l.enters.values().iterator(); it.hasNext(); ) {
            MonitorEvent x = it.next();
            if (filter.test(x)) {
                it.remove();
                taken.add(x);
            }
        }
        pending -= taken.size();
        return taken;
    }

    /** Hands on everything that is next in sequence, ending lifetimes at their deflation. */
    void deliver(Target out) {
        while (!lifetimes.isEmpty()) {
            Lifetime l = lifetimes.get(0);
            MonitorEvent e;
            boolean ended = false;
            if (l.joinedInflate != null) {
                e = l.joinedInflate;
                l.joinedInflate = null;
                out.deliver(address, e);   // the joined lifetime's lock, for its contentions
            }
            if (l.gapBeforeFirst && l.window.get(l.window.next()) != null) {
                l.gapBeforeFirst = false;
                out.gap(address);
            }
            while ((e = l.window.takeNext()) != null || (e = takeEnterAtNext(l)) != null) {
                pending--;
                l.deliveredTime = Math.max(l.deliveredTime, e.time);
                if (e.enters >= 0) {
                    l.nextEnter = e.enters + (e.enterSide() ? 1 : 0);
                }
                out.deliver(address, e);
                if (e.kind == MonitorEvent.DEFLATE) {
                    ended = true;
                    break;
                }
                if (e.count() > 1) {
                    // Its numbers are taken: what waits there is a later lifetime's or a duplicate.
                    List<MonitorEvent> inside = l.window.removeRange(e.seq + 1, e.lastSeq() + 1);
                    pending -= inside.size();
                    for (MonitorEvent x : inside) {
                        place(x, 0);
                    }
                }
            }
            if (!ended) {
                return;
            }
            lifetimes.remove(0);
            pending -= l.window.count() + l.enters.size();   // nothing should be left past a deflation
            out.lifetimeEnded(address, false);
        }
    }

    /**
     * Gives up on the gap the first lifetime waits at: skips to its next waiting event, or ends it when
     * nothing waits there but a later lifetime has events (its deflation was lost). False if neither.
     */
    boolean resync(Target out) {
        if (lifetimes.isEmpty()) {
            return false;
        }
        Lifetime l = lifetimes.get(0);
        long first = l.window.firstWaiting();
        if (first >= 0 && enterPlaceNext(l)) {
            // The gap is one enter's place (its enter lost or late): skip that place alone, since
            // later enters may have the places after it.
            long from = l.window.next();
            counters.skippedSequenceNumbers++;
            l.skip(from, from + 1);
            l.window.skipTo(from + 1);
            l.nextEnter++;
            out.gap(address);
            deliver(out);
            return true;
        }
        if (first >= 0) {
            long from = l.window.next();
            counters.skippedSequenceNumbers += first - from;
            l.skip(from, first);
            l.window.skipTo(first);
            out.gap(address);
            deliver(out);
            return true;
        }
        dropPassedEnters(l);
        if (!l.enters.isEmpty()) {
            // Enters wait with nothing placed after them: no owner-side event came (lost, or the trace
            // ended first). The first is taken for the next place.
            MonitorEvent x = l.enters.pollFirstEntry().getValue();
            l.window.put(x.placedAt(l.window.next()));
            deliver(out);
            return true;
        }
        if (lifetimes.size() > 1) {
            lifetimes.remove(0);
            counters.missingDeflates++;
            out.lifetimeEnded(address, false);
            deliver(out);
            return true;
        }
        return false;
    }

    /** End of the trace: delivers everything, skipping gaps, and ends the last lifetime. */
    void finish(Target out) {
        while (resync(out)) {
            // each round skips one gap or one lifetime
        }
        if (!lifetimes.isEmpty()) {
            lifetimes.clear();
            out.lifetimeEnded(address, true);
        }
    }
}
