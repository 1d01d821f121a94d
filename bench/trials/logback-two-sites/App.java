package com.example;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import org.slf4j.LoggerFactory;

/**
 * Two call sites share one logback OutputStreamAppender, whose ReentrantLock (streamWriteLock) is held while
 * the encoded line is written and flushed: short audit lines and 4 KB dumps. The truth is measured in the
 * same run: the appender's stream times every write and flush, which run under that lock, per call site.
 */
public class App {
    private static final org.slf4j.Logger LOG = LoggerFactory.getLogger(App.class);
    private static final String BIG = "x".repeat(4096);

    static final long[] HELD = new long[2];            // written under the appender's lock only
    static final long[] CALLS = new long[2];
    static final ThreadLocal<int[]> SITE = ThreadLocal.withInitial(() -> new int[1]);

    /** The appender's stream: what runs under its lock, timed per call site. */
    static final class TimedStream extends OutputStream {
        private final OutputStream out;

        TimedStream(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            long t0 = System.nanoTime();
            out.write(b, off, len);
            int site = SITE.get()[0];
            HELD[site] += System.nanoTime() - t0;
            CALLS[site]++;
        }

        @Override
        public void flush() throws IOException {
            long t0 = System.nanoTime();
            out.flush();
            HELD[SITE.get()[0]] += System.nanoTime() - t0;
        }
    }

    static void audit(int i) {
        SITE.get()[0] = 0;
        LOG.info("audit {}", i);
    }

    static void dump(int i) {
        SITE.get()[0] = 1;
        LOG.info("dump {} {}", i, BIG);
    }

    static void configure(String file) throws IOException {
        LoggerContext ctx = (LoggerContext) LoggerFactory.getILoggerFactory();
        ctx.reset();
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(ctx);
        encoder.setPattern("%d %thread %level %logger - %msg%n");
        encoder.start();
        OutputStreamAppender<ILoggingEvent> appender = new OutputStreamAppender<>();
        appender.setContext(ctx);
        appender.setName("file");
        appender.setEncoder(encoder);
        appender.setOutputStream(new TimedStream(new FileOutputStream(file)));
        appender.start();
        Logger root = ctx.getLogger(Logger.ROOT_LOGGER_NAME);
        root.detachAndStopAllAppenders();
        root.setLevel(Level.INFO);
        root.addAppender(appender);
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        long millis = Long.parseLong(args[1]);
        configure(args.length > 2 ? args[2] : "/tmp/logback-two-sites.log");
        long until = System.nanoTime() + millis * 1_000_000L;
        Thread[] ts = new Thread[threads];
        long[] counts = new long[threads];
        for (int t = 0; t < threads; t++) {
            int id = t;
            ts[t] = new Thread(() -> {
                int i = 0;
                while (System.nanoTime() < until) {
                    if ((i & 1) == 0) {
                        audit(i);
                    } else {
                        dump(i);
                    }
                    i++;
                }
                counts[id] = i;
            }, "worker-" + t);
            ts[t].start();
        }
        long total = 0;
        for (int t = 0; t < threads; t++) {
            ts[t].join();
            total += counts[t];
        }
        double sum = HELD[0] + HELD[1];
        System.out.println("logged " + total);
        System.out.printf("held: audit %.1f%%, dump %.1f%% (%.1f us and %.1f us a call)%n", 100 * HELD[0] / sum,
                100 * HELD[1] / sum, HELD[0] / 1e3 / CALLS[0], HELD[1] / 1e3 / CALLS[1]);
    }
}
