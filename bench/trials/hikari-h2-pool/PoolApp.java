package com.example;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicLong;

/**
 * 8 threads share a pool of 3 connections to an embedded H2 database: reports (a scan, held longer) and
 * orders (an insert, short). Prints the time spent waiting in getConnection, measured around the call.
 */
public class PoolApp {
    static final AtomicLong WAIT = new AtomicLong(), HELD_REPORT = new AtomicLong(), HELD_ORDER = new AtomicLong();

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        long until = System.nanoTime() + Long.parseLong(args[1]) * 1_000_000L;
        HikariConfig cfg = new HikariConfig();
        cfg.setJdbcUrl("jdbc:h2:mem:shop;DB_CLOSE_DELAY=-1");
        cfg.setMaximumPoolSize(args.length > 2 ? Integer.parseInt(args[2]) : 3);   // optional: the pool's size
        cfg.setConnectionTimeout(30_000);
        try (HikariDataSource ds = new HikariDataSource(cfg)) {
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                s.execute("create table orders(id bigint auto_increment primary key, item int, qty int)");
                s.execute("insert into orders(item, qty) select x % 100, x % 7 from system_range(1, 20000)");
            }
            Thread[] ts = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                int id = t;
                ts[t] = new Thread(() -> {
                    int i = 0;
                    try {
                        while (System.nanoTime() < until) {
                            if (i++ % 4 == 0) {
                                report(ds, id);
                            } else {
                                order(ds, id);
                            }
                        }
                    } catch (Exception e) {
                        throw new RuntimeException(e);
                    }
                }, "worker-" + t);
                ts[t].start();
            }
            for (Thread t : ts) {
                t.join();
            }
        }
        System.out.printf("waited in getConnection: %.1f ms; held: reports %.1f ms, orders %.1f ms%n", WAIT.get() / 1e6,
                HELD_REPORT.get() / 1e6, HELD_ORDER.get() / 1e6);
    }

    static Connection borrow(HikariDataSource ds) throws Exception {
        long t0 = System.nanoTime();
        Connection c = ds.getConnection();
        WAIT.addAndGet(System.nanoTime() - t0);
        return c;
    }

    static void report(HikariDataSource ds, int id) throws Exception {
        try (Connection c = borrow(ds)) {
            long t0 = System.nanoTime();
            try (PreparedStatement p = c.prepareStatement("select item, sum(qty) from orders group by item order by 2 desc");
                 ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    r.getInt(1);
                }
            }
            HELD_REPORT.addAndGet(System.nanoTime() - t0);
        }
    }

    static void order(HikariDataSource ds, int id) throws Exception {
        try (Connection c = borrow(ds)) {
            long t0 = System.nanoTime();
            try (PreparedStatement p = c.prepareStatement("select count(*) from orders where item = ?")) {
                p.setInt(1, id);
                try (ResultSet r = p.executeQuery()) {
                    r.next();
                }
            }
            HELD_ORDER.addAndGet(System.nanoTime() - t0);
        }
    }
}
