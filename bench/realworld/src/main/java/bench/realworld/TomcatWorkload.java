package bench.realworld;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;

/**
 * DaCapo tomcat: Apache Tomcat 11.0.27, embedded, serves HTTP requests from client threads on the
 * same machine, as DaCapo's tomcat drives its sample web applications with HTTP clients. Setup
 * starts Tomcat (NIO connector on a loopback ephemeral port, base directory in a temporary folder,
 * its logging quiet) with one servlet: a catalogue page for a customer and a category (GET), or an
 * order posted as a form (POST); the servlet renders an HTML table of products and keeps shared state,
 * a synchronized LRU map of per-customer carts and a page counter. One iteration sends 2,000
 * requests (3 in 4 GET) from the threads with HttpURLConnection (HTTP/1.1, connections kept alive
 * in the JDK's keep-alive cache), each response checked against the checksum the client computes;
 * the digest is the sum of those checksums and body lengths.
 */
final class TomcatWorkload implements Workload {
    static final int REQUESTS = 2_000, CUSTOMERS = 200;
    /** Held so that the level set on it stays (java.util.logging keeps loggers weakly). */
    private static final Logger TOMCAT_LOG = Logger.getLogger("org.apache");
    private final Path base;
    private final Tomcat tomcat;
    private final URI uri;

    TomcatWorkload() throws Exception {
        TOMCAT_LOG.setLevel(Level.WARNING);
        base = Files.createTempDirectory("lockstat-tomcat");
        tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        StandardContext context = (StandardContext) tomcat.addContext("", base.toString());
        // The application is on the class path, not in a web application class loader: no leak checks at stop.
        context.setClearReferencesThreadLocals(false);
        context.setClearReferencesRmiTargets(false);
        context.setClearReferencesHttpClientKeepAliveThread(false);
        Tomcat.addServlet(context, "catalog", new CatalogServlet());
        context.addServletMapping("/catalog", "catalog");
        tomcat.start();
        uri = URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/catalog");
    }

    @Override
    public int unitsPerIteration() {
        return REQUESTS;
    }

    @Override
    public long iterate(int threads) throws Exception {
        return WorkQueue.run(threads, REQUESTS, () -> n -> {
            int customer = n * 7 % CUSTOMERS, category = n % 13, quantity = 1 + n % 5;
            boolean order = n % 4 == 3;
            String query = "customer=" + customer + "&category=" + category;
            HttpURLConnection c;
            if (order) {
                c = (HttpURLConnection) uri.toURL().openConnection();
                c.setRequestMethod("POST");
                c.setDoOutput(true);
                c.setRequestProperty("Content-Type", "application/x-www-form-urlencoded");
                try (OutputStream out = c.getOutputStream()) {
                    out.write((query + "&quantity=" + quantity).getBytes(StandardCharsets.UTF_8));
                }
            } else {
                c = (HttpURLConnection) URI.create(uri + "?" + query).toURL().openConnection();
            }
            int status = c.getResponseCode();
            String body;
            try (InputStream in = c.getInputStream()) {
                body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            long expected = checksum(customer, category, order ? quantity : 0);
            if (status != 200 || !body.endsWith("<p>checksum " + expected + "</p></body></html>\n")) {
                throw new IllegalStateException("request " + n + ": status " + status + ", body " + body);
            }
            return expected + body.length();
        });
    }

    /** The checksum of a page: what the servlet prints and the client expects. */
    static long checksum(int customer, int category, int quantity) {
        long sum = 0;
        for (int p = 0; p < 40; p++) {
            sum = sum * 31 + price(category, p) * (quantity + 1) + customer;
        }
        return sum;
    }

    private static int price(int category, int product) {
        return 100 + (category * 37 + product * 101) % 9_900;
    }

    @Override
    public void close() throws Exception {
        tomcat.stop();
        tomcat.destroy();
        try (Stream<Path> files = Files.walk(base)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** The application: a catalogue page (GET) or an order (POST), with state shared by all requests. */
    static final class CatalogServlet extends HttpServlet {
        private static final long serialVersionUID = 1L;
        /** Per-customer carts, least recently used dropped first: shared by every request thread. */
        private final transient Map<Integer, List<Integer>> carts = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Integer, List<Integer>> eldest) {
                return size() > CUSTOMERS / 2;
            }
        };
        private long pages;

        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            page(req, resp, 0);
        }

        @Override
        protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            int quantity = Integer.parseInt(req.getParameter("quantity"));
            synchronized (carts) {
                carts.computeIfAbsent(Integer.parseInt(req.getParameter("customer")), c -> new ArrayList<>()).add(quantity);
            }
            page(req, resp, quantity);
        }

        private void page(HttpServletRequest req, HttpServletResponse resp, int quantity) throws IOException {
            int customer = Integer.parseInt(req.getParameter("customer")), category = Integer.parseInt(req.getParameter("category"));
            int inCart;
            synchronized (carts) {
                List<Integer> cart = carts.get(customer);
                inCart = cart == null ? 0 : cart.size();
            }
            synchronized (this) {
                pages++;
            }
            StringBuilder html = new StringBuilder(4_096).append("<html><head><title>Category ").append(category)
                    .append("</title></head><body><h1>Category ").append(category).append("</h1><table>");
            long sum = 0;
            for (int p = 0; p < 40; p++) {
                int price = price(category, p);
                html.append("<tr><td>Product ").append(category).append('-').append(p).append("</td><td>")
                    .append(price / 100).append('.').append(price % 100 / 10).append(price % 10).append("</td></tr>");
                sum = sum * 31 + price * (quantity + 1) + customer;
            }
            html.append("</table><p>checksum ").append(sum).append("</p></body></html>\n");
            // The cart depends on how requests interleave: a header, outside the checked body.
            resp.setIntHeader("X-Cart-Items", inCart);
            resp.setContentType("text/html");
            resp.setCharacterEncoding("UTF-8");
            resp.getOutputStream().write(html.toString().getBytes(StandardCharsets.UTF_8));
        }
    }
}
