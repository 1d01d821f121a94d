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
 * @summary Call chains recorded while the stack is being changed and read by everything else -
 *          exceptions thrown out of synchronized blocks, deoptimization storms (a MutableCallSite
 *          flipped under compiled callers), virtual threads yielding inside and outside the lock,
 *          Thread.getStackTrace from another thread, JFR's execution sampler at 1 ms, and GCs that
 *          unload the discarded compiled code - are exactly the chains StackWalker reports at the
 *          same point, and the VM survives it. Frame marking (LockStatFrameMarking) is on,
 *          and must have saved frames: walks that stopped at a mark took the frames below it from
 *          the mark's cache, and the comparison covers their chains too.
 * @library /lib
 * @modules jdk.lockstat/jdk.lockstat.internal.format
 * @build LockStatRun
 * @run main/timeout=300 ChainWalkStressTest
 * @run main/timeout=300 ChainWalkStressTest -XX:-TieredCompilation -XX:CompileThreshold=200
 * @run main/timeout=300 ChainWalkStressTest -Xint
 * @run main/timeout=300 ChainWalkStressTest -XX:+UseZGC
 * @run main/timeout=300 ChainWalkStressTest -XX:+PreserveFramePointer
 */
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.MutableCallSite;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import jdk.lockstat.internal.format.Event;
import jdk.lockstat.internal.format.EventType;
import jdk.lockstat.internal.format.TraceParser;

public class ChainWalkStressTest {
    /** Frames of these classes are compared; JDK frames (lambda forms, thread entry) are not. */
    static final String OWN_PREFIX = "ChainWalkStressTest";

    /**
     * The key of a chain as both sides see it: the test's own frames, innermost first, as
     * Class.method:line, without the innermost frame's line (StackWalker records one line before
     * the monitorexit, the VM the monitorexit itself).
     */
    static String key(List<String> classes, List<String> methods, List<Integer> lines) {
        StringBuilder sb = new StringBuilder();
        boolean first = true;
        for (int i = 0; i < classes.size(); i++) {
            if (!classes.get(i).startsWith(OWN_PREFIX) || classes.get(i).contains("$$Lambda")) {
                continue;   // the JDK's frames, and hidden frames, which StackWalker does not show
            }
            sb.append(first ? "" : " <- ").append(classes.get(i)).append('.').append(methods.get(i));
            if (!first) {
                sb.append(':').append(lines.get(i));
            }
            first = false;
        }
        return sb.toString();
    }

    public static class Workload {
        /**
         * The workload's locks, of their own class so that the test tells their events from those of
         * monitors the VM takes on a thread's behalf (a class's init lock, an int[], while linking),
         * which carry the thread's chain at whatever call it was making.
         */
        static final class WorkloadLock {
        }

        static final WorkloadLock[] LOCKS = {new WorkloadLock(), new WorkloadLock(), new WorkloadLock()};
        /** Keys of the chains seen, kept under a workload lock of its own behind an interface call. */
        interface Sink {
            void add(String key);
        }

        static final class LockedSink implements Sink {
            final WorkloadLock lock = new WorkloadLock();
            final Set<String> seen = new HashSet<>();
            /** seen's size, for the main thread, which must not take the lock (its chain is not a path's). */
            volatile int size;

            @Override
            public void add(String key) {
                synchronized (lock) {
                    seen.add(key);
                    seen.add(stackKey(1));   // the chain at this monitorexit too
                    size = seen.size();
                }
            }
        }

        static final LockedSink SINK = new LockedSink();
        /** Distinct chains at the sink the workload runs for (of 45: a release VM takes all of them in 3 s). */
        static final int PATHS_WANTED = 40;

        /**
         * Keeps the sink's lock contended: a worker's release of it is recorded only while a thread is
         * blocked on it, and two workers rarely meet there by themselves (a C2-only run once recorded 24
         * releases on the workload's locks, 9 of its paths). With this thread back at the lock as soon as
         * it lets go, nearly every worker's release is a contended one, so every path shows.
         */
        static void contend() {
            while (!stop) {
                synchronized (SINK.lock) {
                    SINK.seen.add(stackKey(1));   // its own chain at this monitorexit, as the workers' are
                    spin(20_000);
                }
            }
        }
        /** A few hot keys: its bin locks are contended in JDK code that C2 inlines late (through the call site). */
        static final java.util.concurrent.ConcurrentHashMap<Integer, Integer> HOT = new java.util.concurrent.ConcurrentHashMap<>();
        static final StackWalker WALKER = StackWalker.getInstance();
        static final MutableCallSite SITE = new MutableCallSite(MethodType.methodType(void.class, int.class, int.class));
        static final MethodHandle INVOKER = SITE.dynamicInvoker();
        static volatile boolean stop;

        static final class Boom extends RuntimeException {
            Boom() {
                super(null, null, false, false);
            }
        }

        static void critical(int lock, int mode) {
            HOT.merge(lock, 1, Integer::sum);   // takes the key's bin lock
            synchronized (LOCKS[lock]) {
                spin(20_000);
                record();
                if (mode == 1) {
                    throw new Boom();
                }
                if (mode == 2) {
                    Thread.yield();   // a virtual thread unmounts holding the monitor
                }
            }
        }

        /** The chain at the lock's monitorexit in critical, as StackWalker sees it. */
        static void record() {
            Sink sink = SINK;
            sink.add(stackKey(2));
        }

        /** The StackWalker key of the chain from the caller's caller (skip 1) or further out. */
        static String stackKey(int skip) {
            List<StackWalker.StackFrame> frames = WALKER.walk(s -> s.skip(skip).toList());
            List<String> classes = new ArrayList<>(), methods = new ArrayList<>();
            List<Integer> lines = new ArrayList<>();
            for (StackWalker.StackFrame f : frames) {
                classes.add(f.getClassName());
                methods.add(f.getMethodName());
                lines.add(f.getLineNumber());
            }
            return key(classes, methods, lines);
        }

        /**
         * Many short contended sections in one frame: the loop is compiled on stack (OSR) while the
         * frame's return address may be marked, and the marks of enters and exits in one frame hit.
         */
        static void loopy(int lock, int iterations) {
            SINK.add(stackKey(1));
            for (int i = 0; i < iterations; i++) {
                synchronized (LOCKS[lock]) {
                    HOT.merge(-1, 1, Integer::sum);
                }
            }
        }

        static void viaA(int lock, int mode) {
            critical(lock, mode);
        }

        static void viaB(int lock, int mode) {
            critical(lock, mode);
        }

        static void recurse(int depth, int lock, int mode) throws Throwable {
            if (depth == 0) {
                INVOKER.invokeExact(lock, mode);
                return;
            }
            recurse(depth - 1, lock, mode);
        }

        static void spin(long nanos) {
            long until = System.nanoTime() + nanos;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        }

        static void work(long seed, boolean virtual) {
            Random r = new Random(seed);
            // Tiered compilation compiles the loop on stack after about 60,000 back branches; the
            // interpreter alone (-Xint) gets fewer, or the trace outgrows what its drain can write.
            loopy(r.nextInt(LOCKS.length), System.getProperty("java.vm.info", "").contains("interpreted") ? 5_000 : 100_000);
            while (!stop) {
                int mode = r.nextInt(10) < 2 ? 1 : virtual && r.nextInt(8) == 0 ? 2 : 0;
                try {
                    recurse(r.nextInt(5), r.nextInt(LOCKS.length), mode);
                } catch (Boom expected) {
                    // thrown out of the synchronized block on purpose
                } catch (Throwable t) {
                    throw new AssertionError(t);
                }
                if (virtual && r.nextInt(4) == 0) {
                    Thread.yield();
                }
            }
        }

        public static void main(String[] args) throws Exception {
            MethodHandle a = MethodHandles.lookup().findStatic(Workload.class, "viaA", SITE.type());
            MethodHandle b = MethodHandles.lookup().findStatic(Workload.class, "viaB", SITE.type());
            SITE.setTarget(a);
            jdk.jfr.Recording jfr = new jdk.jfr.Recording();
            jfr.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(1));
            jfr.start();

            List<Thread> workers = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                long seed = i;
                workers.add(Thread.ofPlatform().name("platform-" + i).start(() -> work(seed, false)));
            }
            for (int i = 0; i < 8; i++) {
                long seed = 100 + i;
                workers.add(Thread.ofVirtual().name("virtual-" + i).start(() -> work(seed, true)));
            }
            Thread contender = Thread.ofPlatform().name("contender").start(Workload::contend);
            int[] flips = {0}, stackTraces = {0};
            Thread deoptimizer = Thread.ofPlatform().name("deoptimizer").start(() -> {
                while (!stop) {
                    // Invalidates every nmethod that inlined the call site: their frames deoptimize.
                    SITE.setTarget(++flips[0] % 2 == 0 ? a : b);
                    MutableCallSite.syncAll(new MutableCallSite[] {SITE});
                    spin(3_000_000);
                }
            });
            Thread sampler = Thread.ofPlatform().name("getStackTrace").start(() -> {
                while (!stop) {
                    for (Thread t : workers) {
                        stackTraces[0] += t.getStackTrace().length > 0 ? 1 : 0;
                    }
                    spin(500_000);
                }
            });
            // At least chains.millis, and on until the workers have taken most of their paths (a slower VM,
            // fastdebug or emulated, visited 5-7 in the time a release VM visits 43-45), at most 4 times as long.
            long start = System.nanoTime(), millis = Long.getLong("chains.millis", 3000);
            long end = start + millis * 1_000_000L, limit = start + 4 * millis * 1_000_000L;
            while (System.nanoTime() < end || (SINK.size < PATHS_WANTED && System.nanoTime() < limit)) {
                Thread.sleep(250);
                System.gc();   // unloads the not-entrant code the flips leave behind
            }
            stop = true;
            for (Thread t : workers) {
                t.join();
            }
            deoptimizer.join();
            sampler.join();
            contender.join();
            jfr.stop();
            Path jfrFile = Path.of("stress.jfr");
            jfr.dump(jfrFile);
            System.out.println("flips " + flips[0] + ", stack traces " + stackTraces[0] + ", jfr bytes " + Files.size(jfrFile));
            for (String s : new TreeSet<>(SINK.seen)) {
                System.out.println("SEEN " + s);
            }
            System.out.println("workload-done");
        }
    }

    public static void main(String[] args) throws Exception {
        // Under emulation the same paths take longer to be taken: the workload runs longer.
        List<String> options = new ArrayList<>(List.of(args));
        options.add("-Dchains.millis=" + Math.round(3000 * LockStatRun.slowdown()));
        LockStatRun.Traced traced = LockStatRun.traceWorkload("chains", options, "ChainWalkStressTest$Workload");
        LockStatRun run = traced.run();
        Path trace = traced.trace();
        Set<String> seen = new HashSet<>();
        run.stdout.lines().filter(l -> l.startsWith("SEEN ")).forEach(l -> seen.add(l.substring(5)));

        Map<Long, String> classNames = new HashMap<>();
        Map<Long, Long> methodClass = new HashMap<>();
        Map<Long, String> methodNames = new HashMap<>();
        Map<Long, List<Object[]>> chainFrames = new HashMap<>();
        Map<Long, Set<Long>> inflatedClasses = new HashMap<>();   // monitor address -> classes inflated there
        Map<Long, Set<Long>> chainMonitors = new HashMap<>();     // chain -> monitors of the events using it
        long[] zeroChains = {0}, lockEvents = {0};
        long[] framesWalked = {0}, framesSaved = {0};   // the last CHAIN_STATS event's totals
        TraceParser.parse(trace, new TraceParser.Listener() {
            @Override
            public void event(Event e) {
                if (e.type().id() == EventType.CHAIN_STATS.id()) {
                    framesWalked[0] = e.getLong("framesWalked");
                    framesSaved[0] = e.getLong("framesSaved");
                }
                switch (e.type().name()) {
                    case "Class" -> classNames.put(e.getLong("class"), e.getString("name"));
                    case "Method" -> {
                        methodNames.put(e.getLong("method"), e.getString("name"));
                        methodClass.put(e.getLong("method"), e.getLong("class"));
                    }
                    case "CallChain" -> chainFrames.put(e.getLong("chain"), e.getList("frames"));
                    case "MonitorInflate" -> inflatedClasses.computeIfAbsent(e.getLong("monitor"), k -> new HashSet<>()).add(e.getLong("class"));
                    case "MonitorContendedEnter", "MonitorContendedExit", "MonitorForwardResolve" -> {
                        lockEvents[0]++;
                        long chain = e.getLong("chain");
                        if (chain == 0) {
                            zeroChains[0]++;
                        } else {
                            chainMonitors.computeIfAbsent(chain, k -> new HashSet<>()).add(e.getLong("monitor"));
                        }
                    }
                    // A summarized stretch of releases: each owner (thread, chain, releases, duration) as an exit.
                    case "MonitorReleaseSummary" -> {
                        for (Object[] owner : e.getList("owners")) {
                            lockEvents[0]++;
                            long chain = (Long) owner[1];
                            if (chain == 0) {
                                zeroChains[0]++;
                            } else {
                                chainMonitors.computeIfAbsent(chain, k -> new HashSet<>()).add(e.getLong("monitor"));
                            }
                        }
                    }
                    default -> { }
                }
            }
        });
        // A monitor address names one object between inflation and deflation; the workload's locks
        // stay inflated while it runs, so an address inflated for one of them is theirs.
        Set<Long> workloadMonitors = new HashSet<>();
        inflatedClasses.forEach((monitor, classes) -> {
            if (classes.stream().anyMatch(c -> String.valueOf(classNames.get(c)).endsWith("$WorkloadLock"))) {
                workloadMonitors.add(monitor);
            }
        });
        // ConcurrentHashMap's bin locks: the exit's (and enter's) innermost frames must be the map's own
        // methods, also where C2 inlined them late into the workload's compiled code.
        Set<Long> mapMonitors = new HashSet<>();
        inflatedClasses.forEach((monitor, classes) -> {
            if (classes.stream().anyMatch(c -> String.valueOf(classNames.get(c)).startsWith("java.util.concurrent.ConcurrentHashMap$"))) {
                mapMonitors.add(monitor);
            }
        });
        int mapChains = 0;
        Set<String> mapMismatches = new TreeSet<>();
        for (var entry : chainMonitors.entrySet()) {
            if (entry.getValue().stream().noneMatch(mapMonitors::contains) || chainFrames.get(entry.getKey()) == null) {
                continue;
            }
            mapChains++;
            Object[] top = chainFrames.get(entry.getKey()).get(0);
            String topClass = String.valueOf(classNames.get(methodClass.get((Long) top[0])));
            if (!topClass.startsWith("java.util.concurrent.ConcurrentHashMap")) {
                mapMismatches.add(topClass + "." + methodNames.get((Long) top[0]) + " bci " + top[1]);
            }
        }
        System.out.println(mapMonitors.size() + " ConcurrentHashMap bin monitors, " + mapChains + " chains; innermost frames outside the map: " + mapMismatches);
        LockStatRun.check(mapMismatches.isEmpty(), "chains of ConcurrentHashMap bin locks lost the map's frames: " + mapMismatches);
        int compared = 0, otherChains = 0;
        Set<String> mismatches = new TreeSet<>();
        Set<String> vmKeys = new TreeSet<>();
        for (var entry : chainMonitors.entrySet()) {
            if (entry.getValue().stream().noneMatch(workloadMonitors::contains)) {
                otherChains++;   // a monitor of the JDK's or the VM's (JFR, Thread.join, a class's init lock)
                continue;
            }
            List<Object[]> frames = chainFrames.get(entry.getKey());
            LockStatRun.check(frames != null, "chain " + entry.getKey() + " is used but never defined");
            List<String> classes = new ArrayList<>(), methods = new ArrayList<>();
            List<Integer> lines = new ArrayList<>();
            for (Object[] f : frames) {
                long method = (Long) f[0];
                classes.add(String.valueOf(classNames.get(methodClass.get(method))));
                methods.add(String.valueOf(methodNames.get(method)));
                lines.add((int) (long) (Long) f[2]);
            }
            String key = key(classes, methods, lines);
            compared++;
            vmKeys.add(key);
            if (!seen.contains(key)) {
                StringBuilder raw = new StringBuilder(key).append("\n    as recorded:");
                for (int i = 0; i < Math.min(4, classes.size()); i++) {
                    raw.append(' ').append(classes.get(i)).append('.').append(methods.get(i)).append(':').append(lines.get(i))
                       .append(" bci ").append(frames.get(i)[1]);
                }
                mismatches.add(raw.toString());
            }
        }
        System.out.println(lockEvents[0] + " monitor events, " + zeroChains[0] + " without a chain; " + workloadMonitors.size()
                + " workload monitors; " + compared + " of their chains compared, " + vmKeys.size() + " distinct; "
                + otherChains + " chains of other monitors; StackWalker saw " + seen.size());
        vmKeys.forEach(k -> System.out.println("VM " + k));
        LockStatRun.check(mismatches.isEmpty(), mismatches.size() + " recorded chains differ from every StackWalker chain, e.g.:\n  "
                + String.join("\n  ", mismatches.stream().limit(10).toList()));
        LockStatRun.check(vmKeys.size() >= 10, "the workload's paths give at least 10 distinct chains: " + vmKeys.size());
        LockStatRun.check(vmKeys.stream().anyMatch(k -> k.contains("viaA")) && vmKeys.stream().anyMatch(k -> k.contains("viaB")),
                "chains through both call-site targets");
        LockStatRun.check(zeroChains[0] * 100 <= lockEvents[0], "at most 1% of the monitor events without a chain");
        System.out.println("frames walked " + framesWalked[0] + ", saved by frame marks " + framesSaved[0]);
        LockStatRun.check(framesSaved[0] > 0,
                "frame marks saved frames (contended enter and exit in one frame of critical)");
    }
}
