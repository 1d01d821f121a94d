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
 * @summary Periodic profiles (-XX:TraceLockContentionProfiles=DIR,interval=3s,keep=N), forced: the child
 *          contends on a monitor held in holdA for its first second, then idles until the first
 *          interval's profiles are in the directory (written by time, with no events flowing), then
 *          contends with holdB as the owner until an interval's owner profile names holdB (the second,
 *          or a later one where the profiles' writer fell behind). The first interval's owner profile
 *          names holdA only; holdB's interval's top owner (by delay, decoded from the profile) is
 *          holdB and names the lock by its static field (searched at each interval's end); no trace
 *          file is written; keep bounds the files; a bad spec is one warning and the
 *          application runs on; jcmd LockStat.start profiles=DIR writes the same way,
 *          and lockstat diff of its first and holdB's owner profiles finds holdB new and holdA's time fallen.
 * @library /lib
 * @build LockStatRun
 * @run main/othervm/timeout=300 PeriodicProfilesTest
 */
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

public class PeriodicProfilesTest {
    public static void main(String[] args) throws Exception {
        if (args.length > 0) {
            Workload.main(args);
            return;
        }
        Path dir = Files.createTempDirectory(Path.of("."), "profiles").toAbsolutePath();
        Path profiles = dir.resolve("p");
        LockStatRun run = LockStatRun.java(dir, "-XX:TraceLockContentionProfiles=" + profiles + ",interval=3s,keep=2",
                "PeriodicProfilesTest", profiles.toString(), "flag")
                .shouldHaveExitValue(0).shouldContain("workload-done");
        List<Path> files = files(profiles);
        System.out.println(files);
        // holdB's interval and the one at exit (shorter) stay, of keep=2.
        LockStatRun.check(files.size() == 4, "the two most recent intervals' two profiles: " + files);
        try (Stream<Path> s = Files.list(dir)) {
            LockStatRun.check(s.noneMatch(f -> f.toString().endsWith(".lct")), "no trace file");
        }
        String second = topOwner(file(files, holdBInterval(run), "owner"));
        LockStatRun.check(second.endsWith("Workload.holdB"), "holdB's interval's top owner: " + second);
        // Named at the first interval's end (or a later one's), the lock keeps its name.
        LockStatRun.check(text(file(files, holdBInterval(run), "owner")).contains(LOCK_NAME),
                "holdB's interval's owner profile names the lock " + LOCK_NAME);
        LockStatRun.check(run.stdout.contains("interval 1 owner: holdA only"), "the child read the first interval while it was there");

        // A bad spec: one warning, the application runs on.
        LockStatRun.java(dir, "-XX:TraceLockContentionProfiles=" + profiles + ",interval=10", "PeriodicProfilesTest",
                profiles.toString(), "none").shouldHaveExitValue(0).shouldContain("workload-done")
                .shouldContain("-XX:TraceLockContentionProfiles=").shouldContain("interval needs a time");

        // At runtime: jcmd LockStat.start profiles=DIR interval=3s keep=5, stopped after the second interval.
        Path runtime = dir.resolve("r");
        // The child runs the test JDK's jcmd on itself: under qemu-user the launcher in test.jdk/bin is a
        // host script that can be started from an emulated process, java.home's own is not.
        LockStatRun runtimeRun = LockStatRun.java(dir, "-Dlockstat.test.jcmd=" + LockStatRun.jdkBin("jcmd"), "PeriodicProfilesTest",
                runtime.toString(), "jcmd")
                .shouldHaveExitValue(0)
                .shouldContain("workload-done").shouldContain("profiles every 3 s into " + runtime)
                .shouldContain("interval(s) of profiles in " + runtime);
        List<Path> runtimeFiles = files(runtime);
        LockStatRun.check(runtimeFiles.size() >= 4 && runtimeFiles.size() % 2 == 0, "profiles at runtime: " + runtimeFiles);
        String runtimeB = holdBInterval(runtimeRun);
        String runtimeSecond = topOwner(file(runtimeFiles, runtimeB, "owner"));
        LockStatRun.check(runtimeSecond.endsWith("Workload.holdB"), "holdB's interval's top owner at runtime: " + runtimeSecond);
        LockStatRun.check(text(file(runtimeFiles, runtimeB, "owner")).contains(LOCK_NAME), "the lock named at runtime too");

        // Two intervals compared (lockstat diff of two owner-side profiles): holdB is new in its interval,
        // and holdA, the first interval's only owner, lost time there.
        LockStatRun diff = LockStatRun.lockstat("diff", "--by", "owner-method", file(runtimeFiles, "-000001-", "owner").toString(),
                file(runtimeFiles, runtimeB, "owner").toString()).shouldHaveExitValue(0);
        List<String> rows = diff.stdout.lines().filter(l -> l.contains("Workload.hold")).toList();
        LockStatRun.check(rows.stream().anyMatch(l -> l.endsWith("Workload.holdB  (new)") && l.trim().startsWith("+")),
                "holdB new in the second interval: " + diff.stdout);
        LockStatRun.check(rows.stream().anyMatch(l -> l.contains("Workload.holdA") && l.trim().startsWith("-")),
                "holdA's time fell: " + diff.stdout);
    }

    /** The lock's label once named: its reference path from a GC root, then its class and hash. */
    static final String LOCK_NAME = "static PeriodicProfilesTest$Workload.LOCK (java.lang.Object@";

    /**
     * The interval whose owner profile the child saw holdB in first ("-00000N-"): the second, unless the
     * profiles' writer fell behind on a loaded machine and holdB's contentions finished in a later one.
     */
    static String holdBInterval(LockStatRun child) {
        String line = child.stdout.lines().filter(l -> l.startsWith("holdB interval: ")).findFirst()
                .orElseThrow(() -> new AssertionError("the child named no interval with holdB: " + child.stdout));
        return line.substring("holdB interval: ".length());
    }

    static List<Path> files(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    static Path file(List<Path> files, String seq, String side) {
        return files.stream().filter(f -> f.getFileName().toString().contains(seq) && f.getFileName().toString().endsWith("-" + side + ".pb.gz"))
                .findFirst().orElseThrow(() -> new AssertionError("no " + side + " profile " + seq + " in " + files));
    }

    /** A profile's bytes as text: its string table names the functions. */
    static String text(Path profile) throws Exception {
        return new String(bytes(profile), StandardCharsets.ISO_8859_1);
    }

    static byte[] bytes(Path profile) throws Exception {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(profile))) {
            return in.readAllBytes();
        }
    }

    /**
     * The function with the most delay at the leaf of its samples (go tool pprof -top's first row),
     * decoded from profile.proto: samples (field 2: location ids 1, values 2, delay the second), locations
     * (4: id 1, lines 4 with function id 1), functions (5: id 1, name 2), strings (6).
     */
    static String topOwner(Path profile) throws Exception {
        java.util.List<String> strings = new java.util.ArrayList<>();
        java.util.Map<Long, Long> functionName = new java.util.HashMap<>(), locationFunction = new java.util.HashMap<>();
        java.util.Map<Long, Long> delayByLeaf = new java.util.HashMap<>();
        Proto p = new Proto(bytes(profile));
        while (p.more()) {
            int field = p.field();
            if (p.wire != 2) {
                p.varint();
                continue;
            }
            Proto m = p.message();
            switch (field) {
                case 2 -> {
                    java.util.List<Long> locations = new java.util.ArrayList<>(), values = new java.util.ArrayList<>();
                    while (m.more()) {
                        int f = m.field();
                        java.util.List<Long> into = f == 1 ? locations : f == 2 ? values : null;
                        if (m.wire == 2) {
                            Proto packed = m.message();
                            while (packed.more()) {
                                long v = packed.varint();
                                if (into != null) into.add(v);
                            }
                        } else {
                            long v = m.varint();
                            if (into != null) into.add(v);
                        }
                    }
                    delayByLeaf.merge(locations.get(0), values.get(1), Long::sum);
                }
                case 4 -> {
                    long id = 0, function = 0;
                    while (m.more()) {
                        int f = m.field();
                        if (m.wire == 2) {
                            Proto line = m.message();
                            while (line.more()) {
                                int lf = line.field();
                                long v = line.varint();
                                if (f == 4 && lf == 1) function = v;
                            }
                        } else {
                            long v = m.varint();
                            if (f == 1) id = v;
                        }
                    }
                    locationFunction.put(id, function);
                }
                case 5 -> {
                    long id = 0, name = 0;
                    while (m.more()) {
                        int f = m.field();
                        long v = m.varint();
                        if (f == 1) id = v;
                        if (f == 2) name = v;
                    }
                    functionName.put(id, name);
                }
                case 6 -> strings.add(new String(m.data, m.pos, m.end - m.pos, StandardCharsets.UTF_8));
                default -> { }
            }
        }
        java.util.Map<String, Long> byFunction = new java.util.HashMap<>();
        delayByLeaf.forEach((loc, delay) -> byFunction.merge(strings.get((int) (long) functionName.get(locationFunction.get(loc))), delay, Long::sum));
        System.out.println(profile.getFileName() + ": delay by leaf function " + byFunction);
        return byFunction.entrySet().stream().max(java.util.Map.Entry.comparingByValue()).orElseThrow().getKey();
    }

    /** A protocol-buffers reader over [pos, end): fields and their wire types, varints, sub-messages. */
    static final class Proto {
        final byte[] data;
        int pos, end, wire;

        Proto(byte[] data) {
            this(data, 0, data.length);
        }

        Proto(byte[] data, int pos, int end) {
            this.data = data;
            this.pos = pos;
            this.end = end;
        }

        boolean more() {
            return pos < end;
        }

        int field() {
            long key = varint();
            wire = (int) (key & 7);
            return (int) (key >>> 3);
        }

        long varint() {
            long v = 0;
            for (int shift = 0; ; shift += 7) {
                byte b = data[pos++];
                v |= (long) (b & 0x7f) << shift;
                if (b >= 0) return v;
            }
        }

        Proto message() {
            int length = (int) varint();
            Proto m = new Proto(data, pos, pos + length);
            pos += length;
            return m;
        }
    }

    /** The child: holdA's contention, an idle gap until interval 1 is written, then holdB's until interval 2 is. */
    static final class Workload {
        static final Object LOCK = new Object();
        static volatile boolean stop;

        public static void main(String[] args) throws Exception {
            Path dir = Path.of(args[0]);
            String mode = args[1];
            if (mode.equals("jcmd")) {
                System.out.println(jcmd("LockStat.start", "profiles=" + dir, "interval=3s", "keep=5"));
            }
            contend(true, 1_000, () -> false);
            if (mode.equals("none")) {
                System.out.println("workload-done");
                return;
            }
            waitFor(dir, "-000001-");
            if (mode.equals("flag")) {
                String first = text(file(files(dir), "-000001-", "owner"));
                if (first.contains("Workload.holdA") && !first.contains("Workload.holdB")) {
                    System.out.println("interval 1 owner: holdA only");
                }
            }
            String[] seen = new String[1];
            contend(false, 60_000, () -> (seen[0] = intervalWithHoldB(dir)) != null);
            System.out.println("holdB interval: " + seen[0]);
            if (mode.equals("jcmd")) {
                System.out.println(jcmd("LockStat.stop"));
            }
            System.out.println("workload-done");
        }

        static void waitFor(Path dir, String seq) throws Exception {
            while (!Files.isDirectory(dir) || files(dir).stream().filter(f -> f.toString().contains(seq)).count() < 2) {
                Thread.sleep(20);
            }
        }

        /**
         * The first interval after the first whose two profiles are written and whose owner profile names
         * holdB (its owner file is complete once the blocked one exists: they are written in that order).
         */
        static String intervalWithHoldB(Path dir) throws Exception {
            if (!Files.isDirectory(dir)) {
                return null;
            }
            List<Path> all = files(dir);
            java.util.SortedSet<String> seqs = new java.util.TreeSet<>();
            for (Path f : all) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("-\\d{6}-").matcher(f.getFileName().toString());
                if (m.find() && !m.group().equals("-000001-")) {
                    seqs.add(m.group());
                }
            }
            for (String seq : seqs) {
                List<Path> both = all.stream().filter(f -> f.getFileName().toString().contains(seq)).toList();
                if (both.size() == 2 && text(file(both, seq, "owner")).contains("Workload.holdB")) {
                    return seq;
                }
            }
            return null;
        }

        /** Two threads take turns holding LOCK for 2 ms in holdA (or holdB) for millis, or until done says so. */
        static void contend(boolean a, long millis, java.util.concurrent.Callable<Boolean> done) throws Exception {
            stop = false;
            Thread[] threads = new Thread[2];
            for (int i = 0; i < threads.length; i++) {
                threads[i] = new Thread(() -> {
                    while (!stop) {
                        if (a) {
                            holdA();
                        } else {
                            holdB();
                        }
                    }
                });
                threads[i].start();
            }
            long end = System.currentTimeMillis() + millis;
            while (System.currentTimeMillis() < end && !done.call()) {
                Thread.sleep(20);
            }
            stop = true;
            for (Thread t : threads) {
                t.join();
            }
        }

        static void holdA() {
            synchronized (LOCK) {
                spin();
            }
        }

        static void holdB() {
            synchronized (LOCK) {
                spin();
            }
        }

        static void spin() {
            long until = System.nanoTime() + 2_000_000;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        }

        /** jcmd on this VM; a jcmd that fails ends the workload, which would otherwise wait for profiles for ever. */
        static String jcmd(String... command) throws Exception {
            String jcmd = System.getProperty("lockstat.test.jcmd", Path.of(System.getProperty("java.home"), "bin", "jcmd").toString());
            List<String> cmd = new java.util.ArrayList<>(List.of(jcmd, Long.toString(ProcessHandle.current().pid())));
            cmd.addAll(List.of(command));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            p.getInputStream().transferTo(out);
            int status = p.waitFor();
            if (status != 0) {
                throw new IllegalStateException(String.join(" ", cmd) + " exited with " + status + ": " + out);
            }
            return out.toString();
        }
    }
}
