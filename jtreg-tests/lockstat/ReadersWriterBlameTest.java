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
 * @summary Every reader that blocks a writer: three readers hold a ReentrantReadWriteLock (then a
 *          StampedLock) read lock when a writer queues, and release 20, 50 and 100 ms later (one of them
 *          holds twice, reentrant). Only the last release unparks the writer; the others are recorded by
 *          java.base's shared-release hook. The writer's blocked time is charged to all three, each in
 *          proportion to its hold during the wait, within 3 points of the shares the workload measured.
 *          Every round is forced: the readers hold before the writer starts, and their release clock starts
 *          once the writer is parked in the lock's queue.
 * @library /lib
 * @build LockStatRun ReadersWriterWorkload
 * @run main/timeout=300 ReadersWriterBlameTest
 */
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class ReadersWriterBlameTest {
    public static void main(String[] args) throws Exception {
        for (String mode : List.of("rrwl", "stamped")) {
            LockStatRun.Traced t = LockStatRun.traceWorkload("rw-" + mode,
                    List.of("-cp", System.getProperty("test.class.path")), "ReadersWriterWorkload", mode, "5");
            Matcher m = Pattern.compile("truth readerA=([0-9.]+) readerB=([0-9.]+) readerC=([0-9.]+)").matcher(t.run().stdout);
            LockStatRun.check(m.find(), "the workload printed its truth: " + t.run().stdout);
            String json = LockStatRun.lockstat("report", "--by", "owner-method", "--thread", "writer", "--format", "json",
                    t.trace().toString()).shouldHaveExitValue(0).stdout;
            for (int i = 0; i < 3; i++) {
                String reader = "ReadersWriterWorkload.reader" + (char) ('A' + i);
                double expected = Double.parseDouble(m.group(i + 1));
                double got = LockStatRun.percentOf(json, reader);
                System.out.printf("%s %s: %.2f%% (measured %.2f%%)%n", mode, reader, got, expected);
                LockStatRun.check(Math.abs(got - expected) <= 3,
                        mode + ": " + reader + " is charged its share of the writer's wait: " + got + " vs " + expected);
            }
            String summary = LockStatRun.lockstat("summary", t.trace().toString()).shouldHaveExitValue(0).stdout;
            // Per round: readerA's release and readerB's inner and outer ones (readerC's unparks the writer).
            LockStatRun.check(summary.matches("(?s).*SharedRelease\\s+15\\b.*"), mode + ": 15 shared releases: " + summary);
        }
    }
}
