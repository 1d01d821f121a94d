import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Every reader that blocks a writer, against measured truth (ReadersWriterWorkload). */
final class ReadersWriter {
    static final double TARGET_PP = 3;

    private ReadersWriter() {}

    /**
     * For ReentrantReadWriteLock and StampedLock: each of the three readers' share of the writer's blocked
     * time (lockstat report --by owner-method --thread writer) against the workload's measured share. Returns
     * table rows "| lock | reader | expected % | measured % | error (pp) |".
     */
    static List<String> run(String jdk, String classes, Path work, int rounds) throws Exception {
        List<String> rows = new ArrayList<>();
        for (String mode : List.of("rrwl", "stamped")) {
            Path trace = work.resolve("rw-" + mode + ".lct");
            String out = AccuracySuite.run(List.of(jdk + "/bin/java", "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace,
                    "-cp", classes, "ReadersWriterWorkload", mode, String.valueOf(rounds)));
            Matcher m = Pattern.compile("truth readerA=([0-9.]+) readerB=([0-9.]+) readerC=([0-9.]+)").matcher(out);
            if (!m.find()) {
                throw new IllegalStateException("ReadersWriterWorkload printed no truth:\n" + out);
            }
            String json = AccuracySuite.run(List.of(jdk + "/bin/lockstat", "report", "--by", "owner-method", "--thread", "writer",
                    "--format", "json", trace.toString()));
            for (int i = 0; i < 3; i++) {
                String reader = "reader" + (char) ('A' + i);
                double expected = Double.parseDouble(m.group(i + 1));
                double got = AccuracySuite.percentOf(json, "ReadersWriterWorkload." + reader, false);
                double err = Math.abs(got - expected);
                String line = String.format(Locale.ROOT, "| %s | %s | %.1f | %.1f | %s%.1f%s |",
                        mode.equals("rrwl") ? "`ReentrantReadWriteLock`" : "`StampedLock`", reader, expected, got,
                        err > TARGET_PP ? "**" : "", err, err > TARGET_PP ? "**" : "");
                rows.add(line);
                System.out.println(line);
            }
            Files.deleteIfExists(trace);
        }
        return rows;
    }
}
