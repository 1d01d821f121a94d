import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Accuracy against ground truth (paper 5.1). Runs the JMH workloads of bench/synthetic
 * (OwnerAccuracyBenchmark: every mechanism, platform and virtual threads, a sweep over thread count,
 * number of chains, per-chain and per-thread hold times, and callers inlined by C2) on the LockStat JDK
 * with tracing on; expected owner shares come from the hold times the workload measured (its ledger),
 * measured ones from lockstat report --by owner-chain (or owner-thread) --format json. Prints the error
 * per workload in percentage points (the largest over its owners) and writes accuracy.json and
 * ACCURACY.md, with the J9 thesis's two patterns, nested locks, readers blocking a writer and waits for
 * resources (a pool, a semaphore, a bounded queue: bench/realworld's ResourceHoldersWorkload).
 * Usage: java AccuracySuite.java --lockstat-jdk DIR --jmh-jar JAR --classes DIR [--quick true] [--out DIR]
 *        [--realworld-cp CLASSPATH] [--only resources (that part alone, printed) [--resource-seconds S (each
 *        resource workload's length; 4 with --quick true, else 8)] [--keep-traces DIR (their traces, kept)]] [--sampling N]
 *        [--match REGEX (the owner workloads whose name it finds, printed; ACCURACY.md is not rewritten)]
 *        [--measure-seconds S (each JMH measurement iteration's length: long enough for a sampled trace
 *        to record about a thousand contentions)]
 */
public class AccuracySuite {
    /** One JMH run: what it varies, and which report aspect checks it. */
    record Workload(String mechanism, String threads, int count, int chains, String pattern, boolean inlined) {
        String name() {
            return mechanism + "/" + threads + (inlined ? "/inlined" : "") + " t" + count + " c" + chains
                    + (pattern.equals("thread") ? " per-thread" : "");
        }
    }

    record Result(Workload w, Map<String, Double> expected, Map<String, Double> measured, double unknown, double handOff,
                  double errorPp) {}

    static final List<String> MECHANISMS = List.of("synchronized", "exception", "wait-notify", "reentrant", "reentrant-fair",
            "rwlock", "stamped", "semaphore");

    static List<Workload> workloads(boolean quick) {
        List<Workload> list = new ArrayList<>();
        for (String threads : List.of("platform", "virtual")) {
            for (String m : MECHANISMS) {
                list.add(new Workload(m, threads, 4, 2, "chain", false));
            }
        }
        // The sweep: thread count and number of chains, per-thread hold times, callers inlined into
        // one compiled method (C2 only, so that the exits run in C2 code: see ACCURACY.md).
        list.add(new Workload("synchronized", "platform", 2, 2, "chain", false));
        list.add(new Workload("synchronized", "platform", 8, 4, "chain", false));
        list.add(new Workload("reentrant", "platform", 8, 4, "chain", false));
        list.add(new Workload("synchronized", "platform", 4, 1, "thread", false));
        list.add(new Workload("reentrant", "platform", 4, 1, "thread", false));
        list.add(new Workload("synchronized", "virtual", 8, 1, "thread", false));
        list.add(new Workload("synchronized", "platform", 4, 4, "chain", true));
        list.add(new Workload("reentrant", "platform", 4, 4, "chain", true));
        list.add(new Workload("wait-notify", "platform", 4, 4, "chain", true));
        if (!quick) {
            list.add(new Workload("synchronized", "platform", 16, 8, "chain", false));
            list.add(new Workload("stamped", "platform", 8, 4, "chain", false));
            list.add(new Workload("semaphore", "virtual", 16, 8, "chain", false));
            list.add(new Workload("reentrant-fair", "platform", 8, 1, "thread", false));
            list.add(new Workload("synchronized", "virtual", 4, 4, "chain", true));
        }
        return list;
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> opt = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            opt.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        String jdk = opt.getOrDefault("lockstat-jdk", "build/jdk");
        String jar = opt.getOrDefault("jmh-jar", "bench/synthetic/target/benchmarks.jar");
        String classes = opt.getOrDefault("classes", "build/bench/classes");
        boolean quick = Boolean.parseBoolean(opt.getOrDefault("quick", "false"));
        if (opt.containsKey("sampling")) {
            samplingOption = "-XX:TraceLockContentionSampling=" + Integer.parseInt(opt.get("sampling")) + " ";
        }
        Path work = Files.createTempDirectory("accuracy");
        String realworld = opt.getOrDefault("realworld-cp", "bench/realworld/target/classes:bench/realworld/target/lib/*");
        if (opt.getOrDefault("only", "").equals("resources")) {   // one part, printed: ACCURACY.md is not rewritten
            int seconds = opt.containsKey("resource-seconds") ? Integer.parseInt(opt.get("resource-seconds")) : quick ? 4 : 8;
            ResourceHolders.run(jdk, realworld, work, seconds, opt.containsKey("keep-traces") ? Path.of(opt.get("keep-traces")) : null);
            return;
        }
        if (opt.containsKey("measure-seconds")) {
            measureSeconds = String.valueOf(Integer.parseInt(opt.get("measure-seconds")));
        }
        if (opt.containsKey("match")) {   // some owner workloads, printed
            Pattern match = Pattern.compile(opt.get("match"));
            for (Workload w : workloads(quick)) {
                if (match.matcher(w.name()).find()) {
                    run(w, jdk, jar, work);
                }
            }
            return;
        }
        List<Result> results = new ArrayList<>();
        for (Workload w : workloads(quick)) {
            results.add(run(w, jdk, jar, work));
        }
        List<String> patterns = J9Patterns.run(jdk, classes, work, opt.getOrDefault("j9-threads", "32"),
                opt.getOrDefault("j9-millis", quick ? "3000" : "6000"));
        List<String> nested = NestedLocks.run(jdk, classes, work, quick ? 5 : 10);
        List<String> readers = ReadersWriter.run(jdk, classes, work, quick ? 5 : 10);
        List<String> resources = ResourceHolders.run(jdk, realworld, work, quick ? 4 : 8, null);
        AccuracyReport.write(Path.of(opt.getOrDefault("out", "bench")), results, patterns, nested, readers, resources);
    }

    static Result run(Workload w, String jdk, String jar, Path work) throws Exception {
        String id = w.name().replaceAll("[^A-Za-z0-9]+", "-");
        Path trace = work.resolve(id + ".lct"), ledger = work.resolve(id + ".ledger");
        String vmArgs = "-XX:+TraceLockContention -XX:TraceLockContentionFile=" + trace + " -Dsynthetic.ledger=" + ledger
                + (w.threads().equals("virtual") ? " -Djmh.executor=VIRTUAL" : "")
                // Callers inlined by C2, compiled early; PrintInlining proves the inlining happened.
                + (w.inlined() ? " -XX:-TieredCompilation -XX:CompileThresholdScaling=0.05 -XX:+UnlockDiagnosticVMOptions -XX:+PrintInlining" : "");
        String out = run(List.of(ProcessHandle.current().info().command().orElse("java"), "-jar", jar,
                "OwnerAccuracyBenchmark." + (w.inlined() ? "contendInlined" : "contend") + "$", "-jvm", jdk + "/bin/java",
                "-t", String.valueOf(w.count()), "-p", "mechanism=" + w.mechanism(), "-p", "chains=" + w.chains(),
                "-p", "pattern=" + w.pattern(), "-jvmArgsAppend", vmArgs, "-foe", "true", "-r", measureSeconds + "s"));
        if (w.inlined() && !Pattern.compile("OwnerAccuracyBenchmark::inlinedHold[0-9] \\([0-9]+ bytes\\)\\s+force inline").matcher(out).find()) {
            throw new IllegalStateException(w.name() + ": C2 did not inline the holdN callers:\n" + out);
        }
        // Expected: each owner's share of the measured hold time.
        Map<String, Long> held = new LinkedHashMap<>();
        String kind = w.pattern().equals("thread") ? "thread" : "chain";
        for (String line : Files.readAllLines(ledger)) {
            String[] f = line.split(" ");
            if (f[0].equals(kind) && Long.parseLong(f[2]) > 0) {
                held.put(f[1], Long.parseLong(f[2]));
            }
        }
        double total = held.values().stream().mapToLong(Long::longValue).sum();
        Map<String, Double> expected = new LinkedHashMap<>(), measured = new LinkedHashMap<>();
        held.forEach((k, v) -> expected.put(k, 100 * v / total));
        // Measured: each owner's share of the blocked time attributed to the known owners.
        String json = run(List.of(jdk + "/bin/lockstat", "report", "--by", kind.equals("thread") ? "owner-thread" : "owner-chain",
                "--format", "json", "--top", "1000", trace.toString()));
        String mainTree = json.substring(0, Math.max(json.indexOf("\"afterWait\""), 0) > 0 ? json.indexOf("\"afterWait\"") : json.length());
        Map<String, Double> raw = new LinkedHashMap<>();
        for (String k : held.keySet()) {
            String key = kind.equals("thread") ? " #" + k + "\"" : "OwnerAccuracyBenchmark." + (w.inlined() ? "inlinedHold" : "hold") + k + "(";
            raw.put(k, percentOf(mainTree, key, kind.equals("thread")));
        }
        double known = raw.values().stream().mapToDouble(Double::doubleValue).sum();
        raw.forEach((k, v) -> measured.put(k, known > 0 ? 100 * v / known : 0));
        double error = 0;
        for (String k : expected.keySet()) {
            error = Math.max(error, Math.abs(expected.get(k) - measured.get(k)));
        }
        double unknown = percentOf(mainTree, "<unknown owner>", false);
        double handOff = percentOf(mainTree, "<hand-off>", false);
        Result r = new Result(w, expected, measured, unknown, handOff, error);
        Matcher recorded = Pattern.compile("\"key\": \"all\", \"totalNanos\": [0-9]+, \"count\": ([0-9]+)").matcher(json);
        System.out.printf(Locale.ROOT, "%-44s expected %s  measured %s  hand-off %4.1f%%  unknown %4.1f%%  error %4.1f pp  (%s contentions in the trace)%n",
                w.name(), shares(expected), shares(measured), handOff, unknown, error, recorded.find() ? recorded.group(1) : "?");
        Files.deleteIfExists(trace);
        return r;
    }

    static String shares(Map<String, Double> s) {
        StringBuilder sb = new StringBuilder();
        s.values().forEach(v -> sb.append(sb.isEmpty() ? "" : "/").append(String.format(Locale.ROOT, "%.1f", v)));
        return sb.toString();
    }

    /** --measure-seconds S: each measurement iteration's length (the benchmark's own, 1 s, by default). */
    static String measureSeconds = "1";

    /** --sampling N: every traced run records one in N contentions (-XX:TraceLockContentionSampling). */
    static String samplingOption = "";

    static String run(List<String> command) throws Exception {
        List<String> cmd = new ArrayList<>();
        for (String a : command) {
            cmd.add(a.replace("-XX:+TraceLockContention ", "-XX:+TraceLockContention " + samplingOption));
            if (a.equals("-XX:+TraceLockContention") && !samplingOption.isEmpty()) {
                cmd.add(samplingOption.trim());
            }
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed:\n" + out);
        }
        return out;
    }

    /** Sum of the percents of the report rows whose key contains keyPart (ends with it, for thread keys). */
    static double percentOf(String json, String keyPart, boolean atEnd) {
        Matcher m = Pattern.compile("\"key\"\\s*:\\s*\"" + (atEnd ? "[^\"]*" + Pattern.quote(keyPart) : "[^\"]*" + Pattern.quote(keyPart)
                + "[^\"]*\"") + "[^}]*?\"percent\"\\s*:\\s*([0-9.]+)").matcher(json);
        double sum = 0;
        while (m.find()) {
            sum += Double.parseDouble(m.group(1));
        }
        return sum;
    }
}
