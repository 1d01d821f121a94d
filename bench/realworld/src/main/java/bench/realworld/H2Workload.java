package bench.realworld;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * DaCapo h2: the H2 database (2.3.232), embedded and in memory, under a TPC-C-like load: each
 * transaction is a new order (read the district's next order id and bump it, insert the order and its
 * lines, update stock) or a payment (update warehouse, district and customer balances), 1 warehouse,
 * 10 districts, so transactions meet on the same rows. One iteration runs 2,000 transactions spread
 * over the threads from fixed seeds (order lines in item order, so stock rows are locked in one order); the digest is the final sum of balances and order count, the same
 * in every iteration because the database is rebuilt first.
 */
final class H2Workload implements Workload {
    static final int TRANSACTIONS = 2_000, DISTRICTS = 10, CUSTOMERS = 300, ITEMS = 1_000;
    private int iteration;

    @Override
    public int unitsPerIteration() {
        return TRANSACTIONS;
    }

    @Override
    public long iterate(int threads) throws Exception {
        String url = "jdbc:h2:mem:tpcc" + (iteration++) + ";DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=60000";
        try (Connection setup = DriverManager.getConnection(url)) {
            create(setup);
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                List<Future<?>> parts = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    int thread = t;
                    int count = TRANSACTIONS / threads + (t < TRANSACTIONS % threads ? 1 : 0);
                    parts.add(pool.submit(() -> {
                        run(url, new Random(thread * 7919L), count);
                        return null;
                    }));
                }
                for (Future<?> f : parts) {
                    f.get();
                }
            } finally {
                pool.shutdown();
            }
            try (Statement s = setup.createStatement();
                 ResultSet r = s.executeQuery("SELECT (SELECT SUM(balance) FROM customer), (SELECT COUNT(*) FROM orders),"
                         + " (SELECT SUM(quantity) FROM stock)")) {
                r.next();
                long digest = r.getLong(1) * 31 + r.getLong(2) * 17 + r.getLong(3);
                s.execute("DROP ALL OBJECTS");
                return digest;
            }
        }
    }

    private static void create(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE warehouse(id INT PRIMARY KEY, ytd BIGINT)");
            s.execute("CREATE TABLE district(id INT PRIMARY KEY, next_order INT, ytd BIGINT)");
            s.execute("CREATE TABLE customer(id INT PRIMARY KEY, district INT, balance BIGINT)");
            s.execute("CREATE TABLE stock(item INT PRIMARY KEY, quantity INT)");
            s.execute("CREATE TABLE orders(district INT, id INT, customer INT, PRIMARY KEY(district, id))");
            s.execute("CREATE TABLE order_line(district INT, order_id INT, line INT, item INT, quantity INT, "
                    + "PRIMARY KEY(district, order_id, line))");
            s.execute("INSERT INTO warehouse VALUES (1, 0)");
            s.execute("INSERT INTO district SELECT X, 1, 0 FROM SYSTEM_RANGE(1, " + DISTRICTS + ")");
            s.execute("INSERT INTO customer SELECT X, MOD(X, " + DISTRICTS + ") + 1, 1000 FROM SYSTEM_RANGE(1, " + CUSTOMERS + ")");
            s.execute("INSERT INTO stock SELECT X, 100000 FROM SYSTEM_RANGE(1, " + ITEMS + ")");
        }
    }

    private static void run(String url, Random rnd, int count) throws SQLException {
        try (Connection c = DriverManager.getConnection(url)) {
            c.setAutoCommit(false);
            try (PreparedStatement nextOrder = c.prepareStatement("SELECT next_order FROM district WHERE id = ? FOR UPDATE");
                 PreparedStatement bump = c.prepareStatement("UPDATE district SET next_order = next_order + 1 WHERE id = ?");
                 PreparedStatement order = c.prepareStatement("INSERT INTO orders VALUES (?, ?, ?)");
                 PreparedStatement line = c.prepareStatement("INSERT INTO order_line VALUES (?, ?, ?, ?, ?)");
                 PreparedStatement stock = c.prepareStatement("UPDATE stock SET quantity = quantity - ? WHERE item = ?");
                 PreparedStatement wh = c.prepareStatement("UPDATE warehouse SET ytd = ytd + ? WHERE id = 1");
                 PreparedStatement dist = c.prepareStatement("UPDATE district SET ytd = ytd + ? WHERE id = ?");
                 PreparedStatement cust = c.prepareStatement("UPDATE customer SET balance = balance - ? WHERE id = ?")) {
                for (int n = 0; n < count; n++) {
                    int district = 1 + rnd.nextInt(DISTRICTS), customer = 1 + rnd.nextInt(CUSTOMERS);
                    if (rnd.nextInt(100) < 55) {
                        nextOrder.setInt(1, district);
                        int id;
                        try (ResultSet r = nextOrder.executeQuery()) {
                            r.next();
                            id = r.getInt(1);
                        }
                        bump.setInt(1, district);
                        bump.executeUpdate();
                        order.setInt(1, district);
                        order.setInt(2, id);
                        order.setInt(3, customer);
                        order.executeUpdate();
                        // Lines in item order, as TPC-C implementations do: stock rows are locked in one order.
                        int[] items = new int[5 + rnd.nextInt(6)];
                        for (int l = 0; l < items.length; l++) {
                            items[l] = 1 + rnd.nextInt(ITEMS);
                        }
                        java.util.Arrays.sort(items);
                        for (int l = 0; l < items.length; l++) {
                            int item = items[l], quantity = 1 + rnd.nextInt(10);
                            line.setInt(1, district);
                            line.setInt(2, id);
                            line.setInt(3, l);
                            line.setInt(4, item);
                            line.setInt(5, quantity);
                            line.executeUpdate();
                            stock.setInt(1, quantity);
                            stock.setInt(2, item);
                            stock.executeUpdate();
                        }
                    } else {
                        int amount = 1 + rnd.nextInt(5000);
                        wh.setInt(1, amount);
                        wh.executeUpdate();
                        dist.setInt(1, amount);
                        dist.setInt(2, district);
                        dist.executeUpdate();
                        cust.setInt(1, amount);
                        cust.setInt(2, customer);
                        cust.executeUpdate();
                    }
                    c.commit();
                }
            }
        }
    }
}
