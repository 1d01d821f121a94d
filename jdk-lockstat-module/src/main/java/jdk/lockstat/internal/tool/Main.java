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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The lockstat command (bin/lockstat). */
public final class Main {
    private static final List<Command> COMMANDS = List.of(new SummaryCommand(), new PrintCommand(), new VerifyCommand(),
            new ReportCommand(), new FlameCommand(), new ExportCommand(), new LocksCommand(), new BottleCommand(), new WhatIfCommand(), new DiffCommand());

    private Main() {}

    public static void main(String... args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs a command line; returns the exit status (0 ok, 1 bad or unreadable trace, 2 usage). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        // Global options, before the command name: --all-frames (for the commands that show chains).
        boolean allFrames = false;
        int first = 0;
        while (first < args.length && args[first].equals(Options.ALL_FRAMES)) {
            allFrames = true;
            first++;
        }
        args = Arrays.copyOfRange(args, first, args.length);
        if (args.length == 2 && args[0].equals("help")) {
            if (HelpTopics.print(args[1], out)) {
                return 0;
            }
            err.println("lockstat help: no topic " + args[1] + " (topics: " + HelpTopics.names() + ")");
            return 2;
        }
        if (args.length == 0 || args[0].equals("help") || args[0].equals("--help") || args[0].equals("-h")) {
            usage(args.length == 0 ? err : out);
            return args.length == 0 ? 2 : 0;
        }
        if (args[0].equals("--version") || args[0].equals("version")) {
            out.println("lockstat " + System.getProperty("java.runtime.version", Runtime.version().toString()));
            return 0;
        }
        for (Command c : COMMANDS) {
            if (c.name().equals(args[0])) {
                if (args.length == 2 && (args[1].equals("--help") || args[1].equals("-h"))) {
                    out.println("usage: " + c.usage());
                    out.println(c.description());
                    if (HelpTopics.has(c.name())) {
                        out.println();
                        HelpTopics.print(c.name(), out);
                    } else {
                        out.println("lockstat help TOPIC explains more (topics: " + HelpTopics.names() + ").");
                    }
                    return 0;
                }
                try {
                    List<String> commandArgs = new ArrayList<>(Arrays.asList(args).subList(1, args.length));
                    if (allFrames && c.showsChains()) {
                        commandArgs.add(0, Options.ALL_FRAMES);
                    }
                    return c.run(commandArgs, out, err);
                } catch (ToolException e) {
                    err.println("lockstat " + c.name() + ": " + e.getMessage());
                    return e.status();
                } catch (OutOfMemoryError e) {
                    err.println("lockstat " + c.name() + ": out of memory; try a larger -J-Xmx");
                    return 1;
                } catch (RuntimeException e) {
                    // A bug rather than bad input; still one line, with what to report.
                    err.println("lockstat " + c.name() + ": internal error: " + e);
                    if (System.getenv("LOCKSTAT_DEBUG") != null) {
                        e.printStackTrace(err);   // for a bug report; users see the one line above
                    }
                    return 1;
                }
            }
        }
        err.println("lockstat: unknown command " + args[0]);
        usage(err);
        return 2;
    }

    private static void usage(PrintStream s) {
        s.println("Usage: lockstat [--all-frames] <command> [options] TRACE");
        s.println();
        s.println("Commands:");
        for (Command c : COMMANDS) {
            if (c.usage().length() <= 45) {
                s.printf("  %-45s %s%n", c.usage(), c.description());
            } else {
                s.printf("  %s%n  %-45s %s%n", c.usage(), "", c.description());   // a long usage on a line of its own
            }
        }
        s.println();
        s.println("Call chains start at their first frame outside the locking mechanism (Unsafe, LockSupport,");
        s.println("AbstractQueuedSynchronizer, ReentrantLock, ...); chains that differ only in those frames are one key.");
        s.println("--all-frames (before the command, or among its options) shows every frame.");
        s.println();
        s.println("--from and --to (report, flame, export, locks) must overlap the trace, and --thread must name one of");
        s.println("its threads (a name or an id); otherwise the command stops with status 2 and says the trace's extent");
        s.println("or its threads. An unknown aspect in --by is named with the valid ones and \"did you mean ...?\".");
        s.println("bottle --group-by-name: one box per name with its numbers as # where they stand alone between");
        s.println("'-', '_', ' ', '#' or '.' (pool-1-thread-3: pool-#-thread-#); digits inside a word stay (H2-serialization).");
        s.println();
        s.println("Parks are contention when another thread ends them: on a lock (group park) or waiting for a resource");
        s.println("another thread hands over or gives back (group resource: a pool, a hand-off or bounded queue, a permit,");
        s.println("a condition, a future); idle pool workers' parks are left out, with their time in the notes.");
        s.println("lockstat help TOPIC explains more (topics: " + HelpTopics.names() + ").");
        s.println();
        s.println("Record a trace with: java -XX:+TraceLockContention [-XX:TraceLockContentionFile=FILE] ...");
    }
}
