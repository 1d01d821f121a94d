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
 * @summary lockstat whatif on a recorded run against a rerun with the section really shortened: 4
 *          threads wait 1 ms on their own, hold lock A 0.3 ms, then lock B 1.2 ms. B is saturated by
 *          construction (4 x 1.2 ms of holds every 2.5 ms), so halving B nearly doubles the throughput
 *          and halving A gains next to nothing. The prediction ranks B first, predicts at most a small
 *          gain for A, and predicts B's gain within 0.05 + 30% of the gain measured on the rerun.
 *          Three rounds, each a traced run and the two untraced ones, interleaved; the medians are
 *          compared: a run the machine's other work slowed (the replay keeps the recorded run's waits
 *          for a CPU: with a busy loop beside it, 1.60 where the rerun beside it measured 1.91) is one
 *          of three.
 * @library /lib
 * @modules jdk.lockstat/jdk.lockstat.internal.format
 * @build LockStatRun WhatIfWorkload
 * @run main/timeout=400 WhatIfPredictionTest
 */
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class WhatIfPredictionTest {
    /** The workload is a library class (jtreg-tests/lib/WhatIfWorkload, also the bench's). */
    static final String WORKLOAD_CP = System.getProperty("test.class.path");

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "whatif").toAbsolutePath();
        String millis = Long.toString(Math.round(2000 * LockStatRun.slowdown()));
        double[] predictions = new double[ROUNDS], gains = new double[ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            predictions[round] = predictB(dir.resolve("ab" + round + ".lct"), millis);
            double base = opsPerSecond(dir, millis, "b=1200"), halved = opsPerSecond(dir, millis, "b=600");
            gains[round] = halved / base;
            System.out.printf(Locale.ROOT, "round %d: predicted %.2f, measured %.2f%n", round, predictions[round], gains[round]);
        }
        double b = median(predictions), measured = median(gains);
        System.out.printf(Locale.ROOT, "sectionB halved: predicted %.2f, measured %.2f (medians)%n", b, measured);
        LockStatRun.check(measured > 1.4, "the rerun with B halved is much faster: " + measured);
        LockStatRun.check(Math.abs(b - measured) <= 0.05 + 0.3 * (measured - 1),
                String.format(Locale.ROOT, "predicted %.2f within 0.05 + 30%% of the measured gain %.2f", b, measured));
    }

    static final int ROUNDS = 3;

    /** Records the workload traced and predicts halving B: checks the ranking, returns B's speedup. */
    private static double predictB(Path trace, String millis) throws Exception {
        LockStatRun.java(trace.getParent(), "-cp", WORKLOAD_CP, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + trace,
                "WhatIfWorkload", "two-locks", "4", millis, "a=300", "b=1200").shouldHaveExitValue(0);
        String json = LockStatRun.lockstat("whatif", "--format", "json", "--scale", "0.5", trace.toString())
                .shouldHaveExitValue(0).stdout;
        System.out.println(json);
        double a = predicted(json, "sectionA"), b = predicted(json, "sectionB");
        LockStatRun.check(json.indexOf("sectionB") < json.indexOf("sectionA"), "sectionB ranked first: " + json);
        LockStatRun.check(a < 1.15, "halving A (its lock not saturated) gains little: " + a);
        LockStatRun.check(b > 1.4, "halving B (its lock saturated) gains much: " + b);
        return b;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static double predicted(String json, String method) {
        Matcher m = Pattern.compile("\"key\": \"WhatIfWorkload\\." + method
                + "\", \"predictedSpeedup\": ([0-9.]+)").matcher(json);
        LockStatRun.check(m.find(), method + " in " + json);
        return Double.parseDouble(m.group(1));
    }

    private static double opsPerSecond(Path dir, String millis, String b) throws Exception {
        String out = LockStatRun.java(dir, "-cp", WORKLOAD_CP, "WhatIfWorkload", "two-locks", "4", millis, "a=300", b)
                .shouldHaveExitValue(0).stdout;
        Matcher m = Pattern.compile("ops/s ([0-9.]+)").matcher(out);
        LockStatRun.check(m.find(), "ops/s in " + out);
        return Double.parseDouble(m.group(1));
    }
}
