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
 */

import java.io.OutputStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.OutputStreamAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.layout.PatternLayout;

/**
 * The what-if suite's real library: Log4j 2's synchronous OutputStreamAppender, whose manager's monitor
 * every logging thread takes, writing to a stream that takes stream=MICROS per write (a slow disk or
 * socket). Each worker parks work=MICROS (waiting for a request), then logs one line. Shortening the
 * stream's time is how a faster destination shortens the appender's section. Prints "ops/s N".
 *
 * java -cp log4j-api.jar:log4j-core.jar:. LogWorkload THREADS MILLIS [work=1000] [stream=400]
 * (compiled with jtreg-tests/lib/WhatIfWorkload.java, whose loop and helpers it uses)
 */
public final class LogWorkload {
    static final AtomicLong COUNT = new AtomicLong();

    /** A destination that takes a fixed time per write, on a CPU (as encoding and a syscall would). */
    static final class SlowStream extends OutputStream {
        final long nanos;

        SlowStream(long nanos) {
            this.nanos = nanos;
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            WhatIfWorkload.spin(nanos);
        }
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        long millis = Long.parseLong(args[1]);
        long work = WhatIfWorkload.param(args, 2, "work", 1000) * 1000;
        long stream = WhatIfWorkload.param(args, 2, "stream", 400) * 1000;
        Logger log = logger(new SlowStream(stream));
        double ops = WhatIfWorkload.opsPerSecond(threads, millis, () -> {
            WhatIfWorkload.park(work);
            log.info("request {} of thread {} done", COUNT.incrementAndGet(), Thread.currentThread().getName());
        });
        System.out.printf(Locale.ROOT, "ops/s %.1f%n", ops);
        LogManager.shutdown();
    }

    /** The root logger at INFO, writing through one OutputStreamAppender (immediate flush) to out. */
    static Logger logger(OutputStream out) {
        LoggerContext ctx = (LoggerContext) LogManager.getContext(false);
        Configuration config = ctx.getConfiguration();
        PatternLayout layout = PatternLayout.newBuilder().withConfiguration(config)
                .withPattern("%d{HH:mm:ss.SSS} [%t] %-5level %logger - %msg%n").build();
        OutputStreamAppender appender = OutputStreamAppender.newBuilder().setName("slow").setTarget(out)
                .setLayout(layout).setFollow(false).build();
        appender.start();
        config.addAppender(appender);
        LoggerConfig root = config.getRootLogger();
        root.getAppenders().keySet().forEach(root::removeAppender);
        root.addAppender(appender, Level.INFO, null);
        root.setLevel(Level.INFO);
        ctx.updateLoggers();
        return LogManager.getLogger("app");
    }
}
