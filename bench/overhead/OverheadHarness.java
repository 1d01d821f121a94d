import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Overhead side by side (paper 5.3-5.6): each workload run in fresh JVMs under every configuration,
 * interleaved in a shuffled order per round, the first round discarded as warm-up. A workload prints
 * "N transfers" (operations in a fixed time); a configuration's throughput is the median over rounds,
 * printed with quartiles and as a ratio to stock Temurin (f). Also: trace bytes per second and per
 * event, compression ratio, event mix (from lockstat summary), JFR's and async-profiler's file sizes.
 * Writes results.json and RESULTS.md. Run by make bench-overhead; see bench/README.md. Workloads: the
 * demos (bench/demo) and the DaCapo-style real workloads (bench/realworld: xalan, h2, lusearch, luindex,
 * tomcat, pmd, actors). The files are rewritten after every workload, so an interrupted run keeps what
 * it measured; with --accuracy DIR, the accuracy run's ACCURACY.md and accuracy.json there are folded in.
 *
 * Usage: java OverheadHarness.java --lockstat-jdk DIR --stock-jdk DIR --asprof SO --classes DIR
 *        [--rounds N] [--threads N] [--millis N] [--workloads A,B] [--configs a,b] [--out DIR] [--accuracy DIR]
 *        [--sampling N] (configurations sampled and profiles)
 */
public class OverheadHarness {
    /** The configurations, with the letters bench/README.md and the results name them by. */
    enum Config {
        OFF("a", "LockStat JDK, tracing off"),
        FILE("b", "tracing to an uncompressed file"),
        COMPRESSED("c", "tracing to a compressed file"),
        ONLINE("d", "online analysis, no file"),
        NOCHAINS("e", "compressed file, no call chains"),
        STOCK("f", "stock Temurin 25.0.3"),
        JFR("g", "JFR: JavaMonitorEnter + ThreadPark, threshold 0, stack traces"),
        ASYNC("h", "async-profiler 4.2, event=lock, lock=0"),
        STOPPED("i", "LockStat JDK, tracing started and stopped before the workload (idle)"),
        WARMED("j", "LockStat JDK, i's warm-up without tracing (i's control)"),
        NOMARKS("k", "compressed file, call chains without frame marking"),
        ASYNCDEF("l", "async-profiler 4.2, event=lock, its default interval (10 us of waiting per sample)"),
        SAMPLED("m", "compressed file, one in --sampling (100) contentions recorded"),
        PROFILES("n", "periodic profiles (no trace file), one in --sampling (100) contentions, 10 s intervals");

        final String letter, description;

        Config(String letter, String description) {
            this.letter = letter;
            this.description = description;
        }

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** One run: its operations, its output's size, and the CPU time its process used (startup and exit included). */
    record Run(double ops, long artifactBytes, Path artifact, double cpuSeconds) {
        double cpuPerOp() {
            return cpuSeconds / ops;
        }
    }

    /** Linux's USER_HZ, the unit of /proc's cutime and cstime: 100 on every Linux the harness runs on. */
    static final double CLOCK_TICKS_PER_SECOND = 100;

    /**
     * CPU seconds of this process's children that have been waited for (/proc/self/stat: cutime + cstime);
     * NaN where /proc is not there. The difference around one run is that run's CPU time: runs are sequential,
     * and the summaries' own processes start only after it.
     */
    static double reapedChildrenCpuSeconds() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // fields after "(comm)": state is field 3, cutime field 16, cstime field 17
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[16 - 3]) + Long.parseLong(f[17 - 3])) / CLOCK_TICKS_PER_SECOND;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** A demo prints "N transfers" (in its fixed time); a real workload (bench/realworld) "ops=N" per second. */
    static final Pattern OPS = Pattern.compile("([0-9]+) transfers|ops=([0-9.]+)");
    /** The DaCapo-style workloads of bench/realworld, run by its Harness. */
    static final java.util.Set<String> REAL = java.util.Set.of("xalan", "h2", "lusearch", "luindex", "tomcat", "pmd", "actors");

    final Map<String, String> opt = new LinkedHashMap<>();
    final Map<String, Long> runMillisOf = new LinkedHashMap<>();
    final Path work;

    OverheadHarness(String[] args) throws IOException {
        for (int i = 0; i + 1 < args.length; i += 2) {
            opt.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        work = Files.createTempDirectory("overhead");
    }

    String o(String key, String def) {
        return opt.getOrDefault(key, def);
    }

    List<String> command(Config c, String workload, int threads, long millis, Path artifact) {
        String lockstat = o("lockstat-jdk", "build/jdk") + "/bin/java";
        String stock = o("stock-jdk", "/usr/lib/jvm/temurin-25-jdk-amd64") + "/bin/java";
        List<String> cmd = new ArrayList<>();
        switch (c) {
            case OFF -> cmd.add(lockstat);
            case STOPPED -> cmd.addAll(List.of(lockstat, "--add-exports", "jdk.lockstat/jdk.lockstat.internal.recorder=ALL-UNNAMED"));
            case WARMED -> cmd.addAll(List.of(lockstat, "--add-exports", "jdk.lockstat/jdk.lockstat.internal.recorder=ALL-UNNAMED",
                    "-Didle.trace=false"));
            case FILE -> cmd.addAll(List.of(lockstat, "-XX:+TraceLockContention", "-XX:-TraceLockContentionCompress",
                    "-XX:TraceLockContentionFile=" + artifact));
            case COMPRESSED -> cmd.addAll(List.of(lockstat, "-XX:+TraceLockContention",
                    "-XX:TraceLockContentionFile=" + artifact));
            case ONLINE -> cmd.addAll(List.of(lockstat, "-XX:TraceLockContentionReport=" + artifact));
            case NOCHAINS -> cmd.addAll(List.of(lockstat, "-XX:+TraceLockContention", "-XX:-TraceLockContentionCallChains",
                    "-XX:TraceLockContentionFile=" + artifact));
            case NOMARKS -> cmd.addAll(List.of(lockstat, "-XX:+TraceLockContention", "-XX:-LockStatFrameMarking",
                    "-XX:TraceLockContentionFile=" + artifact));
            case SAMPLED -> cmd.addAll(List.of(lockstat, "-XX:+TraceLockContention", "-XX:TraceLockContentionSampling="
                    + o("sampling", "100"), "-XX:TraceLockContentionFile=" + artifact));
            case PROFILES -> cmd.addAll(List.of(lockstat, "-XX:TraceLockContentionSampling=" + o("sampling", "100"),
                    "-XX:TraceLockContentionProfiles=" + artifact + ",interval=10s,keep=100"));
            case STOCK -> cmd.add(stock);
            // A .jfc file: settings=none with #enabled overrides records nothing on JDK 25 (contention.jfc says why).
            case JFR -> cmd.addAll(List.of(stock, "-XX:StartFlightRecording:settings="
                    + o("jfc", "bench/overhead/contention.jfc") + ",filename=" + artifact));
            case ASYNC -> cmd.addAll(List.of(stock, "-agentpath:" + o("asprof", "build/bench/libasyncProfiler.so")
                    + "=start,event=lock,lock=0,file=" + artifact));
            case ASYNCDEF -> cmd.addAll(List.of(stock, "-agentpath:" + o("asprof", "build/bench/libasyncProfiler.so")
                    + "=start,event=lock,file=" + artifact));
        }
        // i: a wrapper main (bench/overhead/IdleAfterStop, in the classes directory) runs the workload's main
        List<String> wrapper = c == Config.STOPPED || c == Config.WARMED ? List.of("IdleAfterStop") : List.of();
        if (REAL.contains(workload)) {
            String cp = o("realworld-cp", "bench/realworld/target/classes:bench/realworld/target/lib/*");
            cmd.addAll(List.of("-cp", wrapper.isEmpty() ? cp : cp + ":" + o("classes", "build/bench/classes")));
            cmd.addAll(wrapper);
            cmd.addAll(List.of("bench.realworld.Harness", workload, String.valueOf(threads), String.valueOf(millis)));
        } else {
            cmd.addAll(List.of("-cp", o("classes", "build/bench/classes")));
            cmd.addAll(wrapper);
            cmd.addAll(List.of(workload, String.valueOf(threads), String.valueOf(millis)));
        }
        return cmd;
    }

    static String extension(Config c) {
        return switch (c) {
            case FILE, COMPRESSED, NOCHAINS, NOMARKS, SAMPLED -> ".lct";
            case PROFILES -> ".profiles";
            case ONLINE -> ".json";
            case JFR, ASYNC, ASYNCDEF -> ".jfr";
            default -> "";
        };
    }

    Run run(Config c, String workload, int threads, long millis, int round) throws Exception {
        Path artifact = work.resolve(workload + "-" + c.id() + "-" + round + extension(c));
        List<String> cmd = command(c, workload, threads, millis, artifact);
        double cpuBefore = reapedChildrenCpuSeconds();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        int exit = p.waitFor();
        double cpu = reapedChildrenCpuSeconds() - cpuBefore;
        Matcher m = OPS.matcher(out);
        if (exit != 0 || !m.find()) {
            throw new IllegalStateException(c + " " + workload + ": exit " + exit + "\n" + String.join(" ", cmd) + "\n" + out);
        }
        long bytes = Files.exists(artifact) ? Files.size(artifact) : 0;
        return new Run(Double.parseDouble(m.group(1) != null ? m.group(1) : m.group(2)), bytes, artifact, cpu);
    }

    /** Median throughput of a configuration over its rounds, divided by stock's; NaN when not run. */
    static double ratio(Map<Config, List<Run>> byConfig, Config c) {
        return medianRatio(byConfig, c, Run::ops);
    }

    /** Median CPU time per operation of a configuration over its rounds, divided by stock's; NaN when not run. */
    static double cpuRatio(Map<Config, List<Run>> byConfig, Config c) {
        return medianRatio(byConfig, c, Run::cpuPerOp);
    }

    /** q1, median and q3 of measure over runs, each divided by stock's median of it. */
    static double[] quartilesToStock(List<Run> runs, List<Run> stock, java.util.function.Function<Run, Double> measure) {
        List<Double> v = runs.stream().map(measure).sorted().toList();
        double ref = quantile(stock.stream().map(measure).sorted().toList(), 0.5);
        return new double[] {quantile(v, 0.25) / ref, quantile(v, 0.5) / ref, quantile(v, 0.75) / ref};
    }

    static double medianRatio(Map<Config, List<Run>> byConfig, Config c, java.util.function.Function<Run, Double> measure) {
        List<Run> runs = byConfig.get(c), stock = byConfig.get(Config.STOCK);
        if (runs == null || runs.isEmpty() || stock == null || stock.isEmpty()) {
            return Double.NaN;
        }
        return quartilesToStock(runs, stock, measure)[1];
    }

    static double geomean(List<Double> values) {
        List<Double> v = values.stream().filter(d -> !d.isNaN() && d > 0).toList();
        return v.isEmpty() ? Double.NaN : Math.exp(v.stream().mapToDouble(Math::log).average().orElse(0));
    }

    /**
     * Call chains' share of the tracing overhead (paper: under 20%): compressed tracing with chains (c)
     * against without (e). Only meaningful where tracing costs something measurable.
     */
    static double chainShare(double withChains, double withoutChains) {
        double overhead = 1 - withChains;
        return overhead < 0.03 ? Double.NaN : Math.max(0, Math.min(1, (withoutChains - withChains) / overhead));
    }

    /** The one-page view: ratio to stock per workload and configuration, geometric means, chains' share. */
    String summaryTable(Map<String, Map<Config, List<Run>>> runs) {
        List<Config> configs = runs.values().iterator().next().keySet().stream().filter(c -> c != Config.STOCK).toList();
        StringBuilder md = new StringBuilder("## Summary: throughput ratio to stock (median of rounds; 1.00 = no overhead)\n\n| workload |");
        configs.forEach(c -> md.append(' ').append(c.letter).append(' ').append(c.id()).append(" |"));
        boolean nomarks = configs.contains(Config.NOMARKS);
        md.append(" chains' share of c's overhead |").append(nomarks ? " chains' share of k's overhead |" : "").append("\n|---|");
        configs.forEach(c -> md.append("--:|"));
        md.append(nomarks ? "--:|--:|\n" : "--:|\n");
        Map<Config, List<Double>> all = new LinkedHashMap<>(), real = new LinkedHashMap<>();
        for (var w : runs.entrySet()) {
            md.append("| ").append(w.getKey()).append(" |");
            for (Config c : configs) {
                double r = ratio(w.getValue(), c);
                all.computeIfAbsent(c, k -> new ArrayList<>()).add(r);
                if (REAL.contains(w.getKey())) {
                    real.computeIfAbsent(c, k -> new ArrayList<>()).add(r);
                }
                md.append(String.format(Locale.ROOT, " %.2f |", r));
            }
            Double share = chainShare(ratio(w.getValue(), Config.COMPRESSED), ratio(w.getValue(), Config.NOCHAINS));
            md.append(share.isNaN() ? " — |" : String.format(Locale.ROOT, " %.0f%% |", 100 * share));
            if (nomarks) {
                // the same share without frame marking: what marking saves of the chains' cost
                Double without = chainShare(ratio(w.getValue(), Config.NOMARKS), ratio(w.getValue(), Config.NOCHAINS));
                md.append(without.isNaN() ? " — |" : String.format(Locale.ROOT, " %.0f%% |", 100 * without));
            }
            md.append('\n');
        }
        for (var g : List.of(Map.entry("geometric mean, all", all), Map.entry("geometric mean, real workloads", real))) {
            if (g.getValue().isEmpty()) {
                continue;
            }
            md.append("| **").append(g.getKey()).append("** |");
            for (Config c : configs) {
                md.append(String.format(Locale.ROOT, " **%.2f** |", geomean(g.getValue().getOrDefault(c, List.of()))));
            }
            md.append(nomarks ? " | |\n" : " |\n");
        }
        md.append("\n**CPU time per operation, ratio to stock** (median of rounds; 1.00 = no added CPU; the whole process's CPU, "
                + "start-up and exit included, over its operations; for a real workload over its rate, since every run lasts as long):\n\n| workload |");
        configs.forEach(c -> md.append(' ').append(c.letter).append(' ').append(c.id()).append(" |"));
        md.append("\n|---|");
        configs.forEach(c -> md.append("--:|"));
        md.append('\n');
        for (var w : runs.entrySet()) {
            md.append("| ").append(w.getKey()).append(" |");
            configs.forEach(c -> md.append(String.format(Locale.ROOT, " %.2f |", cpuRatio(w.getValue(), c))));
            md.append('\n');
        }
        md.append("\nOverhead = 1 − ratio. Chains' share: (e − c) / (1 − c) (and (e − k) / (1 − k)), shown where c costs at least 3%. Per-workload "
                + "quartiles, trace sizes and event mix follow.\n\n");
        return md.toString();
    }

    String summaryJson(Map<String, Map<Config, List<Run>>> runs) {
        List<Config> configs = runs.values().iterator().next().keySet().stream().toList();
        StringBuilder json = new StringBuilder("{\"geomeanRatioToStock\": {");
        for (int i = 0; i < configs.size(); i++) {
            Config c = configs.get(i);
            List<Double> rs = runs.values().stream().map(m -> ratio(m, c)).toList();
            json.append(String.format(Locale.ROOT, "%s\"%s\": %.4f", i > 0 ? ", " : "", c.id(), geomean(rs)));
        }
        json.append("}, \"chainShareOfCompressedOverhead\": {");
        int i = 0;
        for (var w : runs.entrySet()) {
            Double share = chainShare(ratio(w.getValue(), Config.COMPRESSED), ratio(w.getValue(), Config.NOCHAINS));
            json.append(String.format(Locale.ROOT, "%s\"%s\": %s", i++ > 0 ? ", " : "", w.getKey(),
                    share.isNaN() ? "null" : String.format(Locale.ROOT, "%.3f", share)));
        }
        return json.append("}}").toString();
    }

    static String cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse("unknown CPU");
        } catch (IOException e) {
            return "unknown CPU";
        }
    }

    /** The accuracy run's JSON (--accuracy DIR), as a member of results.json. */
    String accuracyJson() throws IOException {
        Path f = opt.containsKey("accuracy") ? Path.of(opt.get("accuracy"), "accuracy.json") : null;
        return f != null && Files.exists(f) ? ",\n  \"accuracy\": " + Files.readString(f).strip().replace("\n", "\n  ") : "";
    }

    /** The accuracy run's tables (--accuracy DIR), one heading level down. */
    String accuracyMarkdown() throws IOException {
        Path f = opt.containsKey("accuracy") ? Path.of(opt.get("accuracy"), "ACCURACY.md") : null;
        if (f == null || !Files.exists(f)) {
            return "";
        }
        return Files.readString(f).replaceAll("(?m)^#", "##").replaceAll("(?m)^Reproduce:.*$", "").strip() + "\n\n";
    }

    /**
     * The contended-lock cost figures (bench/contended/RESULTS.md: the busiest locks, stock and the
     * LockStat JDK before and after a change, CPU time per operation), one heading level down: measured
     * with bench/quick-overhead.sh rather than here, and kept beside these results.
     */
    String contendedMarkdown() throws IOException {
        Path f = Path.of("bench", "contended", "RESULTS.md");
        if (!Files.exists(f)) {
            return "";
        }
        return Files.readString(f).replaceAll("(?m)^#", "##").replace("](", "](contended/").replace("](contended/http", "](http").strip() + "\n\n";
    }

    static double quantile(List<Double> sorted, double q) {
        double pos = q * (sorted.size() - 1);
        int lo = (int) Math.floor(pos), hi = (int) Math.ceil(pos);
        return sorted.get(lo) + (sorted.get(hi) - sorted.get(lo)) * (pos - lo);
    }

    /** The contention events in a JFR recording (jfr summary): "jdk.JavaMonitorEnter N, jdk.ThreadPark N". */
    String jfrEventCounts(Path recording) throws Exception {
        Process p = new ProcessBuilder(o("stock-jdk", "/usr/lib/jvm/temurin-25-jdk-amd64") + "/bin/jfr", "summary",
                recording.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor();
        StringBuilder sb = new StringBuilder();
        // async-profiler's lock mode writes jdk.JavaMonitorEnter and jdk.ThreadPark too (its JFR output).
        for (String type : List.of("jdk.JavaMonitorEnter", "jdk.ThreadPark")) {
            Matcher m = Pattern.compile("(?m)^\\s*" + Pattern.quote(type) + "\\s+(\\d+)").matcher(out);
            sb.append(sb.length() == 0 ? "" : ", ").append(type).append(' ').append(m.find() ? m.group(1) : "0");
        }
        return sb.toString();
    }

    /** lockstat summary --format json of a trace: events and events by type. */
    String summary(Path trace) throws Exception {
        Process p = new ProcessBuilder(o("lockstat-jdk", "build/jdk") + "/bin/lockstat", "summary", "--format", "json",
                trace.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor();
        return out;
    }

    static long number(String json, String key) {
        double d = decimal(json, key);
        return Double.isNaN(d) ? -1 : (long) d;
    }

    /** A number (possibly fractional) after the first occurrence of "key": in json; NaN when absent or null. */
    static double decimal(String json, String key) {
        Matcher m = Pattern.compile("\"" + Pattern.quote(key) + "\": \"?([0-9.]+)").matcher(json);
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }

    /**
     * Paper Figures 10-12 from a trace's own counters (lockstat summary --format json): call-chain reuse,
     * physical frames walked per event with a chain, chain-set size and memory (the callChains totals),
     * and the trace buffers' high-water mark (buffers of 8-24 KB, 16 KB on average). NaN where absent.
     */
    record TraceCounters(double walks, double reusedPercent, double framesPerEvent, double framesSavedPercent, double chains,
                         double chainBytes, double bufferHighWater) {
        static TraceCounters of(String summaryJson) {
            double walks = decimal(summaryJson, "eventsWithChains");
            return new TraceCounters(walks, decimal(summaryJson, "reusedPercent"), decimal(summaryJson, "framesWalked") / walks,
                    decimal(summaryJson, "framesSavedPercent"), decimal(summaryJson, "chainSetSize"),
                    decimal(summaryJson, "chainSetBytes"), decimal(summaryJson, "buffer.high.water"));
        }

        String notes() {
            String walked = Double.isNaN(walks) || walks == 0 ? "no chains walked"
                    : String.format(Locale.ROOT, "chains reused %.2f%%, %.1f frames walked/event, %.1f%% of frames saved by marks",
                            reusedPercent, framesPerEvent, framesSavedPercent);
            return String.format(Locale.ROOT, "; %s, chain set %,.0f chains in %,.0f B; buffer high water %.0f (about %,.0f KB)",
                    walked, chains, chainBytes, bufferHighWater, 16 * bufferHighWater);
        }

        String json() {
            return String.format(Locale.ROOT, ", \"chainsReusedPercent\": %s, \"framesWalkedPerEvent\": %s, \"framesSavedPercent\": %s, "
                    + "\"chainSetSize\": %s, \"chainSetBytes\": %s, \"bufferHighWater\": %s", jsonNumber(reusedPercent),
                    jsonNumber(framesPerEvent), jsonNumber(framesSavedPercent), jsonNumber(chains), jsonNumber(chainBytes),
                    jsonNumber(bufferHighWater));
        }
    }

    static String jsonNumber(double d) {
        return Double.isNaN(d) || Double.isInfinite(d) ? "null" : String.format(Locale.ROOT, "%.2f", d);
    }

    static String eventMix(String json) {
        Matcher block = Pattern.compile("\"eventsByType\": \\{([^}]*)}").matcher(json);
        return block.find() ? block.group(1).replaceAll("\\s+", " ").trim() : "";
    }

    public static void main(String[] args) throws Exception {
        new OverheadHarness(args).measure();
    }

    void measure() throws Exception {
        int rounds = Integer.parseInt(o("rounds", "6"));
        int threads = Integer.parseInt(o("threads", String.valueOf(Runtime.getRuntime().availableProcessors() * 2)));
        long millis = Long.parseLong(o("millis", "2000"));
        // "name" or "name:millis" (a real workload needs longer runs: a third of each run warms up)
        List<String> workloads = List.of(o("workloads", "ContentionDemo,ParkDemo,xalan:6000,h2:6000").split(","));
        List<Config> configs = new ArrayList<>();
        for (String s : o("configs", "off,file,compressed,online,nochains,stock,jfr,async").split(",")) {
            configs.add(Config.valueOf(s.trim().toUpperCase(Locale.ROOT)));
        }
        if (!configs.contains(Config.STOCK)) {
            configs.add(Config.STOCK);   // the reference of every ratio
        }
        Random shuffle = new Random(42);
        Map<String, Map<Config, List<Run>>> runs = new LinkedHashMap<>();
        for (String spec : workloads) {
            String w = spec.contains(":") ? spec.substring(0, spec.indexOf(':')) : spec;
            long runMillis = spec.contains(":") ? Long.parseLong(spec.substring(spec.indexOf(':') + 1)) : millis;
            runMillisOf.put(w, runMillis);
            Map<Config, List<Run>> byConfig = new LinkedHashMap<>();
            configs.forEach(c -> byConfig.put(c, new ArrayList<>()));
            runs.put(w, byConfig);
            for (int r = 0; r <= rounds; r++) {   // round 0: warm-up, discarded
                List<Config> order = new ArrayList<>(configs);
                Collections.shuffle(order, shuffle);
                for (Config c : order) {
                    Run run = run(c, w, threads, runMillis, r);
                    System.out.printf(Locale.ROOT, "%-16s %-10s round %d: %,.0f ops, %.2f s CPU%s%n", w, c.id(), r, run.ops(),
                            run.cpuSeconds(), r == 0 ? " (warm-up)" : "");
                    if (r > 0) {
                        byConfig.get(c).add(run);
                    }
                    if (r < rounds && run.artifact() != null) {
                        if (Files.isDirectory(run.artifact())) {   // periodic profiles: a directory of them
                            try (var files = Files.list(run.artifact())) {
                                for (Path f : files.toList()) {
                                    Files.delete(f);
                                }
                            }
                        }
                        Files.deleteIfExists(run.artifact());   // sizes are kept; the last round's file is summarized
                    }
                }
            }
            report(runs, threads, millis, rounds);   // after every workload: an interrupted run keeps it
        }
    }

    void report(Map<String, Map<Config, List<Run>>> runs, int threads, long millis, int rounds) throws Exception {
        StringBuilder json = new StringBuilder("{\n");
        StringBuilder md = new StringBuilder();
        String date = ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
        int cpus = Runtime.getRuntime().availableProcessors();
        json.append(String.format(Locale.ROOT, "  \"date\": \"%s\",\n  \"cpus\": %d,\n  \"os\": \"%s %s\",\n"
                + "  \"threads\": %d,\n  \"millis\": %d,\n  \"rounds\": %d,\n  \"workloads\": {\n", date, cpus,
                System.getProperty("os.name"), System.getProperty("os.arch"), threads, millis, rounds));
        md.append("# Benchmark results: overhead side by side, and accuracy\n\n")
          .append(String.format(Locale.ROOT, "%s, %d CPUs (%s), %d threads per workload, %d ms per run unless the workload says otherwise, %d rounds after one warm-up round, "
                  + "configurations interleaved in shuffled order. Throughput ratio = median ops / stock's median ops "
                  + "(1.00: no overhead); quartiles in brackets. Demos count operations in their fixed time; a real workload "
                  + "(bench/realworld, DaCapo-style) reports work units per second over its measured iterations (the first third "
                  + "of each run warms up, and every iteration's output is validated).%n%n", date, cpus, cpuModel(), threads, millis, rounds));
        md.append(summaryTable(runs));
        int wi = 0;
        for (var w : runs.entrySet()) {
            long millisHere = runMillisOf.getOrDefault(w.getKey(), millis);
            List<Run> stockRuns = w.getValue().get(Config.STOCK);
            md.append("## ").append(w.getKey()).append(String.format(Locale.ROOT, " (%d ms runs)", millisHere)).append("\n\n| config | what | median ops | ratio to stock [q1, q3] | CPU/op to stock [q1, q3] | output per run | notes |\n")
              .append("|---|---|--:|---|---|--:|---|\n");
            json.append("    \"").append(w.getKey()).append("\": {\n");
            int ci = 0;
            long uncompressed = -1;
            for (var c : w.getValue().entrySet()) {
                List<Double> ops = c.getValue().stream().map(Run::ops).sorted().toList();
                double med = quantile(ops, 0.5), q1 = quantile(ops, 0.25), q3 = quantile(ops, 0.75);
                double[] tput = quartilesToStock(c.getValue(), stockRuns, Run::ops), cpu = quartilesToStock(c.getValue(), stockRuns, Run::cpuPerOp);
                double bytes = c.getValue().stream().mapToLong(Run::artifactBytes).average().orElse(0);
                String notes = "";
                String extra = "";
                Run last = c.getValue().get(c.getValue().size() - 1);
                if (extension(c.getKey()).equals(".lct") && Files.exists(last.artifact())) {
                    String s = summary(last.artifact());
                    long events = number(s, "events");
                    if (c.getKey() == Config.FILE) {
                        uncompressed = last.artifactBytes();
                    }
                    TraceCounters counters = TraceCounters.of(s);
                    notes = String.format(Locale.ROOT, "%,.0f B/s, %.1f B/event, %,d events: %s", last.artifactBytes() * 1000.0 / millisHere,
                            events > 0 ? last.artifactBytes() / (double) events : 0, events, eventMix(s));
                    extra = String.format(Locale.ROOT, ", \"traceBytesPerSecond\": %.0f, \"bytesPerEvent\": %.2f, \"events\": %d, \"eventMix\": {%s}",
                            last.artifactBytes() * 1000.0 / millisHere, events > 0 ? last.artifactBytes() / (double) events : 0, events, eventMix(s))
                            + counters.json();
                    notes += counters.notes();
                }
                if ((c.getKey() == Config.JFR || c.getKey() == Config.ASYNC || c.getKey() == Config.ASYNCDEF)
                        && Files.exists(last.artifact())) {
                    // A peer's figure counts only beside what it recorded (an idle recorder is no comparison).
                    String counts = jfrEventCounts(last.artifact());
                    notes = "recorded (jfr summary, last round): " + counts;
                    extra = ", \"recorded\": \"" + counts + "\"";
                }
                if (c.getKey() == Config.COMPRESSED && uncompressed > 0) {
                    notes += String.format(Locale.ROOT, "; compressed/uncompressed size (different runs) %.2f", last.artifactBytes() / (double) uncompressed);
                }
                md.append(String.format(Locale.ROOT, "| %s | %s | %,.0f | **%.3f** [%.3f, %.3f] | %.3f [%.3f, %.3f] | %,.0f B | %s |%n", c.getKey().letter,
                        c.getKey().description, med, tput[1], tput[0], tput[2], cpu[1], cpu[0], cpu[2], bytes, notes));
                json.append(String.format(Locale.ROOT, "      \"%s\": {\"letter\": \"%s\", \"medianOps\": %.1f, \"q1Ops\": %.1f, \"q3Ops\": %.1f, "
                        + "\"ratioToStock\": %.4f, \"cpuPerOpRatioToStock\": %s, \"runsOps\": %s, \"runsCpuSeconds\": %s, \"outputBytes\": %.0f%s}%s%n",
                        c.getKey().id(), c.getKey().letter, med, q1, q3, tput[1], jsonNumber(cpu[1]), ops,
                        c.getValue().stream().map(Run::cpuSeconds).toList(), bytes, extra, ++ci < w.getValue().size() ? "," : ""));
            }
            json.append("    }").append(++wi < runs.size() ? "," : "").append("\n");
            md.append('\n');
        }
        json.append("  },\n  \"summary\": ").append(summaryJson(runs)).append(accuracyJson()).append("\n}\n");
        md.append(contendedMarkdown());
        md.append(accuracyMarkdown());
        md.append("Reproduce: `make bench-overhead` (").append(String.join(" ", opt.entrySet().stream()
                .map(e -> "--" + e.getKey() + " " + e.getValue()).toList())).append(").\n");
        Path out = Path.of(o("out", "bench"));
        Files.createDirectories(out);
        Files.writeString(out.resolve("results.json"), json);
        Files.writeString(out.resolve("RESULTS.md"), md);
        System.out.println(md);
        System.out.println("wrote " + out.resolve("results.json") + " and " + out.resolve("RESULTS.md"));
    }
}
