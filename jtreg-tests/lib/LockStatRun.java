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

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs the JDK under test (java, lockstat) in a child process and checks what it printed. */
public final class LockStatRun {
    public final int exitCode;
    public final String stdout;
    public final String stderr;
    public final long pid;

    private LockStatRun(int exitCode, String stdout, String stderr, long pid) {
        this.exitCode = exitCode;
        this.stdout = stdout;
        this.stderr = stderr;
        this.pid = pid;
    }

    public static Path jdkBin(String tool) {
        return Path.of(System.getProperty("test.jdk"), "bin", tool);
    }

    /**
     * jcmd PID COMMAND... as a command line. The attach timeout grows with the timeout factor: on a
     * slow VM (fastdebug, emulated) beside other tests, jcmd's default 10 s for the target to answer
     * its attach signal ran out ("non existent JVM pid").
     */
    public static List<String> jcmd(long pid, String... command) {
        List<String> cmd = new ArrayList<>(List.of(jdkBin("jcmd").toString(),
                "-J-Dsun.tools.attach.attachTimeout=" + Math.round(10_000 * slowdown()), Long.toString(pid)));
        cmd.addAll(List.of(command));
        return cmd;
    }

    /**
     * The class path of a workload's VM: the test's classes and the library's it built (jtreg compiles
     * those into a folder of their own, which test.class.path names besides test.classes).
     */
    static String classPath() {
        return System.getProperty("test.class.path", System.getProperty("test.classes"));
    }

    /** java with the given VM options, the test's classes on the class path, then main class and args. */
    public static LockStatRun java(Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(jdkBin("java").toString());
        cmd.add("-cp");
        cmd.add(classPath());
        cmd.addAll(Arrays.asList(args));
        return run(dir, cmd);
    }

    /**
     * Starts java (test classes on the class path, then the given options, main class and arguments)
     * and waits until the child prints the given line first; for tests that then signal or kill it.
     */
    public static Process startJava(String firstLine, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(jdkBin("java").toString(), "-cp", classPath()));
        cmd.addAll(Arrays.asList(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String expected = firstLine + "\n";
        String first = new String(p.getInputStream().readNBytes(expected.length()));
        check(first.equals(expected), "child printed '" + first + "', expected '" + firstLine + "'");
        return p;
    }

    public static LockStatRun lockstat(String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(jdkBin("lockstat").toString());
        cmd.addAll(Arrays.asList(args));
        return run(Path.of("."), cmd);
    }

    /**
     * How much slower than usual the VMs under test run: jtreg's timeout factor over the 4 that
     * make test uses, at least 1 (make test-aarch64 runs the aarch64 VM under qemu-user with 20).
     * Child VMs' timeouts and time-bound workloads scale with it.
     */
    public static double slowdown() {
        return Math.max(1, Double.parseDouble(System.getProperty("test.timeout.factor", "4")) / 4);
    }

    public static LockStatRun run(Path dir, List<String> cmd) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        Path out = Files.createTempFile("lockstat-out", ".txt");
        Path err = Files.createTempFile("lockstat-err", ".txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        if (!p.waitFor(Math.round(120 * slowdown()), TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd);
        }
        LockStatRun r = new LockStatRun(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8), p.pid());
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
        System.out.println("$ " + String.join(" ", cmd) + "\n[exit " + r.exitCode + "]\n[stdout]\n" + r.stdout + "[stderr]\n" + r.stderr);
        return r;
    }

    public LockStatRun shouldHaveExitValue(int expected) {
        if (exitCode != expected) {
            throw new AssertionError("exit code " + exitCode + ", expected " + expected + "\nstdout:\n" + stdout + "\nstderr:\n" + stderr);
        }
        return this;
    }

    public LockStatRun shouldContain(String s) {
        if (!stdout.contains(s) && !stderr.contains(s)) {
            throw new AssertionError("output lacks '" + s + "'\nstdout:\n" + stdout + "\nstderr:\n" + stderr);
        }
        return this;
    }

    public LockStatRun shouldNotContain(String s) {
        if (stdout.contains(s) || stderr.contains(s)) {
            throw new AssertionError("output contains '" + s + "'\nstdout:\n" + stdout + "\nstderr:\n" + stderr);
        }
        return this;
    }

    public int count(String s) {
        String all = stdout + stderr;
        int n = 0;
        for (int i = all.indexOf(s); i >= 0; i = all.indexOf(s, i + s.length())) {
            n++;
        }
        return n;
    }

    /**
     * Runs a workload class traced into a fresh directory (the given VM options first), requires exit 0,
     * "workload-done" on its output and a trace that lockstat verify accepts; returns the run and the trace.
     */
    public static Traced traceWorkload(String dirPrefix, String mainClass, String... vmOptions) throws Exception {
        return traceWorkload(dirPrefix, List.of(vmOptions), mainClass);
    }

    /** As {@link #traceWorkload(String, String, String...)}, with arguments for the workload. */
    public static Traced traceWorkload(String dirPrefix, List<String> vmOptions, String mainClass, String... args)
            throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), dirPrefix).toAbsolutePath();
        Path trace = dir.resolve(dirPrefix + ".lct");
        List<String> cmd = new ArrayList<>(vmOptions);
        cmd.addAll(List.of("-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace, mainClass));
        cmd.addAll(Arrays.asList(args));
        LockStatRun run = java(dir, cmd.toArray(String[]::new)).shouldHaveExitValue(0).shouldContain("workload-done");
        verifyOk(trace);
        return new Traced(run, trace);
    }

    public record Traced(LockStatRun run, Path trace) {
    }

    /** lockstat verify must accept the trace. */
    public static void verifyOk(Path trace) throws Exception {
        lockstat("verify", trace.toString()).shouldHaveExitValue(0).shouldContain(": OK");
    }

    public static void check(boolean condition, String message) {
        if (!condition) {
            throw new AssertionError(message);
        }
    }

    /**
     * The summed "percent" of the JSON report nodes (lockstat report --format json) whose key contains
     * the given text, e.g. a method name in owner-method or owner-chain keys.
     */
    public static double percentOf(String json, String keyPart) {
        return fieldOf(json, keyPart, "percent").stream().mapToDouble(Double::parseDouble).sum();
    }

    /** The values of field in the JSON report nodes whose key contains keyPart, in report order. */
    private static java.util.List<String> fieldOf(String json, String keyPart, String field) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"key\"\\s*:\\s*\"[^\"]*"
                + java.util.regex.Pattern.quote(keyPart) + "[^\"]*\"[^}]*?\"" + field + "\"\\s*:\\s*([0-9.]+)").matcher(json);
        java.util.List<String> values = new java.util.ArrayList<>();
        while (m.find()) {
            values.add(m.group(1));
        }
        return values;
    }

    /**
     * The owner share (percent) the report should give holdB: its share of the blocked time that a
     * workload measured its holds to cause ("blockedByHolds A=.. B=..", MonitorContentionTest), or else
     * of the hold time it measured ("holdNanos A=.. B=.."), the same while the lock is saturated.
     */
    public static double expectedHoldBPercent(String stdout) {
        java.util.regex.Matcher exact = java.util.regex.Pattern.compile("blockedByHolds A=([0-9]+) B=([0-9]+)").matcher(stdout);
        if (exact.find()) {
            double a = Double.parseDouble(exact.group(1)), b = Double.parseDouble(exact.group(2));
            check(a + b > 0, "the workload's holds blocked someone");
            return 100 * b / (a + b);
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("holdNanos A=([0-9]+) B=([0-9]+)").matcher(stdout);
        check(m.find(), "the workload printed its hold times");
        double a = Double.parseDouble(m.group(1)), b = Double.parseDouble(m.group(2));
        return 100 * b / (a + b);
    }

    /**
     * The summed "totalNanos" of the JSON report nodes (lockstat report --format json) whose key contains
     * the given text, e.g. a thread's name in owner-thread keys, or ":LINE" in owner-chain keys.
     */
    public static long totalNanosOf(String json, String keyPart) {
        return fieldOf(json, keyPart, "totalNanos").stream().mapToLong(Long::parseLong).sum();
    }

    /** A number a workload printed as "label=N" on its stdout. */
    public static long printedNumber(String stdout, String label) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(label + "=([0-9]+)").matcher(stdout);
        check(m.find(), "the workload printed " + label);
        return Long.parseLong(m.group(1));
    }

    /** The ids a workload printed as "label=1,2,3," on a line of its stdout. */
    public static java.util.Set<Long> printedIds(String stdout, String label) {
        java.util.Set<Long> ids = new java.util.HashSet<>();
        for (String id : stdout.replaceAll("(?s).*" + label + "=([0-9,]+).*", "$1").split(",")) {
            ids.add(Long.parseLong(id));
        }
        return ids;
    }

    /**
     * From lockstat print's text: the flags of the parks on each blocker of the named class, per blocker
     * hash in time order (flag 2: a re-park). Fails when the class is not defined in the trace.
     */
    public static java.util.Map<String, List<Integer>> parkFlagsByBlocker(String events, String className) {
        java.util.regex.Matcher cls = java.util.regex.Pattern.compile("(?m)^Class .* class=(\\d+) .*name=\""
                + java.util.regex.Pattern.quote(className) + "\"").matcher(events);
        check(cls.find(), className + " is defined: " + events.lines().limit(50).toList());
        java.util.Map<String, List<Integer>> parks = new java.util.LinkedHashMap<>();
        java.util.regex.Matcher park = java.util.regex.Pattern.compile(
                "(?m)^ParkBegin .* blockerHash=(\\d+) blockerClass=(\\d+) .* flags=(\\d+)$").matcher(events);
        while (park.find()) {
            if (park.group(2).equals(cls.group(1))) {
                parks.computeIfAbsent(park.group(1), h -> new ArrayList<>()).add(Integer.parseInt(park.group(3)));
            }
        }
        return parks;
    }
}
