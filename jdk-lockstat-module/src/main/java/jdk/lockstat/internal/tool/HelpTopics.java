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
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * lockstat help TOPIC: the rules behind a report that a user needs to read it and that fit no command's
 * usage line. Kept here, with the tool, so that an installed JDK answers without the repository's docs.
 */
final class HelpTopics {
    /** Topic name to its text, in the order {@code lockstat help} lists them. */
    private static final Map<String, String> TOPICS = new LinkedHashMap<>();

    static {
        TOPICS.put("parks", """
                Which parks are contention (java.util.concurrent and other LockSupport.park callers)

                A thread parked on a blocker is contention when another thread ends its wait by giving it
                something. Two groups (--by group) of the report hold them:

                  park       a lock: ReentrantLock, ReentrantReadWriteLock, StampedLock, any other blocker not
                             named below. The owner is the thread that released the lock (its unpark).
                  resource   a resource that another thread hands over or gives back: a pool's item (e.g.
                             HikariCP's getConnection, which waits in SynchronousQueue.poll), a hand-off
                             queue (SynchronousQueue, LinkedTransferQueue, Exchanger), a bounded queue's
                             element or free slot (ArrayBlockingQueue, LinkedBlockingQueue take/put/poll/offer:
                             their Condition awaits), a Semaphore's permit, a Condition.await in application
                             code, Future.get and ForkJoinTask.join, CountDownLatch.await and other latches.
                             The owners are the threads that held the resource while the waiter waited
                             (a pool's items, a semaphore's permits: threads that both wait for it and give
                             it back), each for its time holding, as readers share a writer's wait, under
                             the chain where it gave the item back; a holder that took its item without
                             waiting is seen from its last return on. Where no holder is known, and for
                             hand-offs, queues and futures, the owner is
                             the thread whose unpark woke a waiter: the one that handed over or returned
                             the resource. Pinned virtual threads' resource waits are here too.

                Their time is in the report's headline ("Blocked: ...") like monitors'. Left out, and told
                in the report's notes with their count and time:

                  idle       a pool worker waiting for its next task: a wait whose call chain passes
                             ThreadPoolExecutor.getTask, ForkJoinPool.awaitWork,
                             ScheduledThreadPoolExecutor$DelayedWorkQueue.take/poll, DelayScheduler.loop,
                             TimerThread.mainLoop or ReferenceQueue.remove (the Common-Cleaner, the
                             Finalizer) below the waiting method. Nobody waits for a worker with nothing to
                             do. The work queue's own lock, taken on the way, stays contention.
                  wait       a park without a blocker (a virtual thread's sleep, a bare LockSupport.park()),
                             at a CyclicBarrier or Phaser (parties waiting for each other, with nothing held
                             by one of them), or in Thread.join (a virtual thread's join awaits a latch; a
                             platform thread's is an Object.wait, never contention).

                The decision is by the park's call chain first: its waiting method (the first frame past
                Unsafe.park and LockSupport), a Condition await's caller, and a frame further down for an
                idle worker or a join; where the chain says nothing (AbstractQueuedSynchronizer.acquire,
                which locks, semaphores and latches share), by the blocker's class name.
                """);
        TOPICS.put("aspects", """
                What --by keys contentions by (report, and the viewer's drill-down)

                Blocked side: each contention as a whole.
                  group         intrinsic (synchronized), virtual-thread (a virtual thread blocked on
                                synchronized), park (a java.util.concurrent lock), pinned-virtual-thread (such a
                                park that blocked its carrier), resource (a wait for a pool's item, a queue's
                                element, a permit, a condition, a future: lockstat help parks)
                  lock-class    the lock object's class
                  lock          the lock object: Class@hash, or Class@0xaddress
                  thread        the blocked thread: name #id
                  method        the innermost method of the blocked call chain
                  chain         the blocked call chain, innermost frame first: Class.method(File.java:line) <- caller
                  site          the blocked chain's innermost application frame: the call site in your code

                Owner side: each owner part, the stretch of a contention during which one thread held the
                lock; a contention over several owners is split among them (lockstat help owners).
                  owner-thread  the thread that held the lock
                  owner-method  the innermost method of the owner's chain at its release
                  owner-chain   the owner's call chain at its release
                  owner-site    the owner chain's innermost application frame: where in your code the lock
                                was held, one row per call site even when all of them pass through one library
                                method (a logging appender, a pool): lockstat report --by owner-site
                                --app-packages com.example,org.acme.app
                  owner-state   what the owner did meanwhile: running, runnable, blocked, waiting, parked,
                                vm-pause
                  root-owner-thread, root-owner-method, root-owner-chain
                                where the owner was itself blocked on another lock, the owner of that lock then,
                                and so on to one that was not blocked (<deadlock cycle> where the path loops)

                Chains start at their first frame outside the locking mechanism (Unsafe.park, LockSupport,
                AbstractQueuedSynchronizer, ReentrantLock...) unless --all-frames; chains that differ only in
                those frames are one key. Hidden classes are named without their run-to-run address
                (Driver$$Lambda, not Driver$$Lambda/0x00000000790db308), so that two reports compare.
                An aspect list is ordered: --by owner-method,thread groups by owner method, then by thread.
                Application frames (site, owner-site): by default every frame outside the JDK's packages
                (java., javax., jdk., sun., com.sun., ...); with --app-packages only the frames of those
                packages and their subpackages, so that a site is found below the libraries a chain passes
                through. A chain without one is keyed <no application frame>.
                """);
        TOPICS.put("report", """
                The columns of lockstat report (text; CSV and JSON use the names in brackets)

                  percent   the row's share of all blocked time in the report [percent]
                  blocked   the blocked time that reached the row, in ms [totalNanos]
                  count     contentions with time in the row; one contention counts in each owner row it
                            was split into, so owner rows' counts add up to more than the contentions [count]
                  p50, p90, p99, max
                            how that time was spread over those contentions: one sample per contention, its
                            time in the row (the whole blocked interval on the blocked side; under an owner,
                            how long that owner kept the waiter blocked); nearest-rank percentiles and the
                            longest [p50Nanos, p90Nanos, p99Nanos, maxNanos]
                  key       the row's key for its aspect (lockstat help aspects); <hand-off> and
                            <unknown owner> have no owner (lockstat help owners)

                The headline ("Blocked: ... in N contentions") counts monitors, park-based locks and resource
                waits; re-acquisitions after wait() follow in their own table. Notes list what was left out
                (idle workers' parks, with their time: lockstat help parks) or skipped as damaged.
                """);
        TOPICS.put("owners", """
                Who held the lock: owner parts, <hand-off> and <unknown owner>

                A blocked interval is split at every release of its lock (for java.util.concurrent: at every
                unpark of a waiter, and at a ReentrantLock's releases while threads are queued) into owner
                parts; each part goes to the thread that held the lock then and its call chain at the
                release. Where the release says how long its thread held the lock (a monitor or
                ReentrantLock taken without waiting while others waited), the part starts at that
                acquisition and the free time before it is a hand-off. Two keys have no owner:

                  <hand-off>       the lock was released and nobody held it yet: the woken thread (or the next
                                   owner) had not run. Scheduler latency, microseconds, more on busy CPUs; much
                                   of it means the lock changes hands very often for short holds.
                  <unknown owner>  no release was seen: events lost (lockstat summary says how many buffers),
                                   or the lock was held since before the trace started (jcmd LockStat.start).

                Owner state (--by owner-state) splits each part by the owner thread's own events:
                  running   nothing traced, and on a CPU (or sleeping, in I/O or native code, which the
                            trace cannot see)
                  runnable  nothing traced, and ready but not on a CPU: preempted while it held the lock,
                            or one of more threads than CPUs
                  blocked   itself blocked on another lock or waiting for a resource (then root-owner-*
                            follow to that lock's owner)
                  waiting   Object.wait(), a barrier, a phaser, a join, a park without a blocker
                  parked    an idle pool worker's park
                  vm-pause  a safepoint or GC pause
                Where they overlap: vm-pause, then blocked, waiting, parked. Running and runnable come from
                the owner's CPU time per drain period (ThreadCpu events), as in the bottle graph: in each
                period the part of its ready time the thread spent on a CPU. They are shares, not moments:
                a part is shown running first, then runnable. Without CPU time in the trace, running.
                """);
        TOPICS.put("locks", """
                The columns of lockstat locks (after the J9 park-contention thesis, section 3.7)

                One row per contended lock object, largest blocked thread time first. BlockedNow(i) is the
                number of threads blocked on the lock after its i-th block or unblock event, t(i) its time.

                  times        timesBlocked: contentions that overlap the window
                  peak         peakBlocked: most threads blocked on it at once
                  thread ms    blockedThreadTimeNanos: sum of BlockedNow(i-1) x (t(i) - t(i-1)), all threads' waiting
                  real ms      blockedRealTimeNanos: sum of min(BlockedNow(i-1), 1) x (t(i) - t(i-1)), the time at
                               least one thread was blocked
                  avg blk ms   avgBlockedNanos: thread ms / times
                  avg hold ms  avgHoldNanos: real ms / (times - now), the contended real time per hand-over: how
                               long the lock was held per hand-over while some thread waited. It is not the
                               hold time of every acquisition (uncontended ones are not traced), and a
                               microsecond section shows the gap to its next owner too.
                  now          blockedNow: threads still blocked at the end of the trace
                  %real        realTimeUtilPercent: 100 x real ms / the run (the trace, or --from..--to)
                  %thread      threadTimeUtilPercent: 100 x thread ms / the run; above 100 when several threads
                               waited at once (553 means 5.5 threads waited on average)
                  %r-life      realLifeTimeUtilPercent: as %real, over the lock's own life (its first to its last
                               block or unblock event)
                  %t-life      threadLifeTimeUtilPercent: as %thread, over the lock's own life
                  lock         the lock object (Class@hash)
                  second line  firstThread, firstChain: the first blocked thread and (text) the top frame
                               of its chain

                CSV and JSON use the names after each column, with times in nanoseconds.
                After-wait re-acquisitions are not counted.
                """);
        TOPICS.put("bottle", """
                Bottle graphs (lockstat bottle, the viewer's Bottle graph view)

                One box per thread (or per name pattern with --group-by-name), least parallel first.
                  heightNanos    the box's height: its share of the run, each moment divided among the
                                 threads running then; the heights add up to the run
                  width          its parallelism: running time over share, the average number of threads
                                 running while it ran: 6 busy threads on 2 CPUs show widths near 2, not 6.
                                 Below 1: within the same short stretches there were moments with no thread
                                 of the process on a CPU, and since the heights add up to the whole run, that
                                 time went to the boxes that ran around it (threads ready but given no CPU,
                                 or in I/O and sleeps the trace does not see)
                  runningNanos   on a CPU, from each thread's CPU time per drain period (ThreadCpu events)
                  runnableNanos  not blocked, waiting, parked or paused, yet not on a CPU: ready and waiting
                                 for one (preempted, or more threads than CPUs)
                  oversubscribed runnable time is at least 1% of the running time: more threads were ready
                                 than CPUs
                  cpuTimeRecorded, cpus
                                 whether the trace has CPU time; the traced VM's CPUs
                  untracedThreads
                                 threads left out: no traced event and no CPU time
                Time the trace cannot see (sleep, I/O, an uncontended wait()) counts as idle where a thread
                used under 5% of a CPU in a drain period, otherwise as running or runnable by its CPU time.
                --group-by-name writes numbers that stand alone as # (pool-1-thread-7: pool-#-thread-#);
                digits inside a word stay (H2-serialization).
                """);
        TOPICS.put("whatif", """
                What-if predictions (lockstat whatif)

                For the sections that blocked others most and those that held their locks longest, the
                predicted speedup if that section's holds took --scale of their time (0.5; 0: gone).
                  speedup   the threads' summed rate of lock acquisitions in a replay of the run with the
                            section's holds scaled, over the same replay unscaled (1.00: no gain)
                  blocked   blocked time charged to the section's holders (report --by the same aspect);
                            rank: its place by blocked time. Where the two rankings differ, blocked time
                            is not what a shorter section would give back
                  held      the section's recorded holds as a percent of the run

                The replay keeps each thread's time outside the chosen section as recorded; a free lock is
                taken at once, otherwise the thread queues; a release wakes the first waiter, which takes
                the lock after the lock's mean wake-up time unless a newcomer barged in (not on fair
                locks). Readers of a read-write lock hold it together while no writer does, and queue
                behind a writer first in line. Nested locks follow: a shorter inner section shortens
                the outer hold. When the run kept its CPUs over 65% busy, the replay shares them among
                the threads (each needs its recorded share of CPU time), so a shorter section gives
                its CPU to the others.
                --critical-path: from the thread that ends last, back through the releases it waited
                for; each section's share of that path ("on path").
                Where it is wrong:
                  - only holds someone waited behind, or whose owner blocked for them, are in the
                    trace; the rest counts as work, so a section taken mostly without waiting gains
                    less in the replay than in the program
                  - CPUs are shared evenly over the run, and not modelled below 65% busy
                  - I/O inside sections, wait() and resource waits (pools, queues) are not modelled
                Measured against real shortened runs: bench/whatif/RESULTS.md.
                """);
        TOPICS.put("diff", """
                Comparing two traces or two profiles (lockstat diff BASE NEW)

                Both traces by the same aspects (--by, default lock-class,owner-method); every node's
                blocked time and contentions per second of its trace's run, so traces of any lengths
                compare. At each level the rows are ranked by the change of blocked time per second,
                either way: the section a fix or a deploy changed comes first. (new), (gone): a key
                found in one trace only.
                  --format collapsed   "stack base new" lines (ns per second of each run) for
                                       flamegraph.pl's differential flame graphs; --owner: owners' chains
                  --format html        a differential flame graph page: widths from the new trace (or
                                       the base's), red where time grew, blue where it shrank
                Two pprof profiles of one side that LockStat wrote (lockstat export, jcmd LockStat.report
                format=pprof, periodic profiles) compare the same way, by what they carry: group,
                lock-class, lock, thread, owner-thread and the side's chain and method (owner-chain,
                owner-method; or chain, method); a contention counts once in each sample it is in.
                pprof also compares them: go tool pprof -diff_base=BASE.pb.gz NEW.pb.gz.
                """);
        TOPICS.put("sampling", """
                Sampled traces (-XX:TraceLockContentionSampling=N, jcmd LockStat.start sampling=N)

                The VM recorded one in N contentions, chosen at random as threads blocked, and only the
                releases and unparks that ended those: the cost falls with N, and each recorded
                contention keeps all of its owners. Reports, flame graphs, pprof exports, the online
                report and the viewer count each recorded contention N times and its time N times, and
                say so ("Sampled: one in N ..."; JSON "sampling": N); duration percentiles are the
                recorded ones. Owner shares are estimates whose spread shrinks with the number of
                recorded contentions (lockstat summary counts them). Threads' timelines and bottle graphs
                show only the recorded contentions; whatif needs a trace without sampling.
                """);
    }

    private HelpTopics() {}

    /** The topics' names, for the usage text. */
    static String names() {
        return String.join(", ", TOPICS.keySet());
    }

    /** Whether there is a topic of that name (a command's own: locks, bottle). */
    static boolean has(String topic) {
        return TOPICS.containsKey(topic);
    }

    /** Prints a topic; false when there is none of that name. */
    static boolean print(String topic, PrintStream out) {
        String text = TOPICS.get(topic);
        if (text == null) {
            return false;
        }
        out.print(text);
        return true;
    }
}
