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
 * @summary Causes behind causes on a nested-lock workload with measured truth: readers block on a cache
 *          lock C while its owner refresh() is itself blocked on a database lock D held by query(). The
 *          direct owner of the readers' time is refresh(); its owner state is "blocked" for the part it
 *          waited for D; and the root owner of that part is query() (transitive blame), within 3 points
 *          of the shares the workload measured. Every round is forced: both readers are BLOCKED on C
 *          before refresh() reaches D, and query() holds D until refresh() is BLOCKED on it.
 * @library /lib
 * @build LockStatRun NestedLocksWorkload
 * @run main/timeout=300 NestedLockBlameTest
 */
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class NestedLockBlameTest {
    public static void main(String[] args) throws Exception {
        // The workload of the accuracy suite (bench/accuracy/NestedLocks), on monitors, 5 forced rounds.
        LockStatRun.Traced t = LockStatRun.traceWorkload("nested", "NestedLocksWorkload",
                "-cp", System.getProperty("test.class.path"));   // the workload is a library class
        Matcher m = Pattern.compile("truth readersBlocked=(\\d+) behindQuery=(\\d+)").matcher(t.run().stdout);
        LockStatRun.check(m.find(), "the workload printed its truth: " + t.run().stdout);
        // Of the readers' blocked time, the part while C's owner waited for D is query()'s.
        double expectedQuery = 100.0 * Long.parseLong(m.group(2)) / Long.parseLong(m.group(1));
        String trace = t.trace().toString();

        // The readers' blocked time only (--thread selects blocked threads): the refresher's own
        // contention on D is query()'s too, but not what the readers waited for. Both locks are released
        // in the same wrapper method, so owners are told apart by chain.
        String root = LockStatRun.lockstat("report", "--by", "root-owner-chain", "--thread", "reader-1", "--thread",
                "reader-2", "--format", "json", trace).shouldHaveExitValue(0).stdout;
        double query = LockStatRun.percentOf(root, "NestedLocksWorkload.query(");
        double refresh = LockStatRun.percentOf(root, "NestedLocksWorkload.refresh(");
        System.out.printf("readers' root owners: query %.2f%%, refresh %.2f%% (expected query %.2f%%)%n", query, refresh,
                expectedQuery);
        LockStatRun.check(Math.abs(query - expectedQuery) <= 3,
                "query() is the root owner of its measured share of the readers' time: " + query + " vs " + expectedQuery);
        LockStatRun.check(query + refresh > 97, "the rest is refresh()'s own: " + root);

        // Directly, refresh() owns all of it; its owner state is blocked for the part it waited for D.
        String direct = LockStatRun.lockstat("report", "--by", "owner-chain,owner-state", "--thread", "reader-1", "--thread",
                "reader-2", "--format", "json", trace).shouldHaveExitValue(0).stdout;
        double refreshDirect = LockStatRun.percentOf(direct, "NestedLocksWorkload.refresh(");
        double blocked = LockStatRun.percentOf(direct, "blocked");
        System.out.printf("direct: refresh %.2f%%, of it blocked %.2f%%%n", refreshDirect, blocked);
        LockStatRun.check(refreshDirect > 97 && LockStatRun.percentOf(direct, "NestedLocksWorkload.query(") == 0,
                "the direct owner is refresh(): " + direct);
        LockStatRun.check(Math.abs(blocked - expectedQuery) <= 3, "refresh()'s owner time shows as blocked: " + blocked);
    }
}
