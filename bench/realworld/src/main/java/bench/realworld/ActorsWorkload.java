package bench.realworld;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

import com.typesafe.config.ConfigFactory;

import org.apache.pekko.actor.AbstractActor;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.Props;

/**
 * ScalaBench actors: message passing between actors on a fork/join pool, here Apache Pekko 1.7.0's
 * classic actors (Scala 2.13) in a trading exchange, as in the Akka trading sample ScalaBench's actors
 * runs: 32 trader actors send buy and sell orders to 16 order-book actors, each book matches the orders
 * it gets against its resting orders (price levels in a TreeMap) and acknowledges every order to its
 * trader, and each trader keeps 8 orders in flight. The actor system (default dispatcher: a fork/join
 * executor with parallelism = threads) and the actors are created at the first iteration, a warm-up
 * one, since only then the thread count is known. One iteration is 512,000 orders (16,000 per trader,
 * from fixed seeds), 1,024,000 messages; the digest is the sum of the acknowledgements and of each book's
 * order totals, which do not depend on how the orders interleave at a book (the fills do, and are not
 * in it).
 */
final class ActorsWorkload implements Workload {
    static final int TRADERS = 32, BOOKS = 16, ORDERS = 16_000, WINDOW = 8;
    private ActorSystem system;
    private int systemThreads;
    private ActorRef[] traders;
    private ActorRef[] books;

    record Order(int trader, int seq, boolean buy, int price, int quantity) {}
    record Ack(long value) {}
    record Start(CountDownLatch done, LongAdder acks) {}
    record Drain(CompletableFuture<Long> totals) {}

    @Override
    public int unitsPerIteration() {
        return TRADERS * ORDERS;
    }

    @Override
    public long iterate(int threads) throws Exception {
        if (system == null || systemThreads != threads) {
            close();
            start(threads);
        }
        CountDownLatch done = new CountDownLatch(TRADERS);
        LongAdder acks = new LongAdder();
        for (ActorRef trader : traders) {
            trader.tell(new Start(done, acks), ActorRef.noSender());
        }
        if (!done.await(5, TimeUnit.MINUTES)) {
            throw new IllegalStateException("actors: traders did not finish");
        }
        long digest = acks.sum();
        for (ActorRef book : books) {
            CompletableFuture<Long> totals = new CompletableFuture<>();
            book.tell(new Drain(totals), ActorRef.noSender());
            digest = digest * 31 + totals.get(1, TimeUnit.MINUTES);
        }
        return digest;
    }

    private void start(int threads) {
        system = ActorSystem.create("actors", ConfigFactory.parseString("""
                pekko.loglevel = WARNING
                pekko.stdout-loglevel = WARNING
                pekko.log-dead-letters = off
                pekko.jvm-shutdown-hooks = off
                pekko.actor.default-dispatcher.fork-join-executor.parallelism-min = %d
                pekko.actor.default-dispatcher.fork-join-executor.parallelism-max = %d
                """.formatted(threads, threads)).withFallback(ConfigFactory.load()));
        systemThreads = threads;
        books = new ActorRef[BOOKS];
        for (int b = 0; b < BOOKS; b++) {
            books[b] = system.actorOf(Props.create(Book.class, Book::new), "book" + b);
        }
        traders = new ActorRef[TRADERS];
        for (int t = 0; t < TRADERS; t++) {
            int id = t;
            traders[t] = system.actorOf(Props.create(Trader.class, () -> new Trader(id, books)), "trader" + t);
        }
    }

    @Override
    public void close() throws Exception {
        if (system != null) {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().get(1, TimeUnit.MINUTES);
            system = null;
        }
    }

    /** Sends its fixed list of orders, WINDOW at a time, and sums the acknowledgements. */
    static final class Trader extends AbstractActor {
        private final int id;
        private final ActorRef[] books;
        private Start run;
        private int sent, acked;
        private long sum;

        Trader(int id, ActorRef[] books) {
            this.id = id;
            this.books = books;
        }

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Start.class, s -> {
                        run = s;
                        sent = acked = 0;
                        sum = 0;
                        for (int i = 0; i < WINDOW; i++) {
                            send();
                        }
                    })
                    .match(Ack.class, a -> {
                        sum += a.value();
                        if (++acked == ORDERS) {
                            run.acks().add(sum);
                            run.done().countDown();
                        } else if (sent < ORDERS) {
                            send();
                        }
                    })
                    .build();
        }

        private void send() {
            int seq = sent++;
            long h = mix(id * 1_000_003L + seq);
            Order o = new Order(id, seq, (h & 1) == 0, 900 + (int) ((h >>> 8) % 200), 1 + (int) ((h >>> 24) % 100));
            books[(int) ((h >>> 40) % BOOKS)].tell(o, getSelf());
        }

        private static long mix(long z) {
            z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
            z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
            return (z ^ (z >>> 31)) & Long.MAX_VALUE;
        }
    }

    /** An order book: resting quantity per price level on each side, matched price first. */
    static final class Book extends AbstractActor {
        private final TreeMap<Integer, Integer> bids = new TreeMap<>(), asks = new TreeMap<>();
        private long orders, notional;

        @Override
        public Receive createReceive() {
            return receiveBuilder()
                    .match(Order.class, o -> {
                        match(o);
                        orders++;
                        notional += (long) o.price() * o.quantity();
                        getSender().tell(new Ack((long) o.price() * o.quantity() + o.trader() * 7L + o.seq()), getSelf());
                    })
                    .match(Drain.class, d -> {
                        d.totals().complete(orders * 1_000_003L + notional);
                        orders = notional = 0;
                        bids.clear();
                        asks.clear();
                    })
                    .build();
        }

        private void match(Order o) {
            TreeMap<Integer, Integer> other = o.buy() ? asks : bids, own = o.buy() ? bids : asks;
            int left = o.quantity();
            while (left > 0 && !other.isEmpty()) {
                Map.Entry<Integer, Integer> best = o.buy() ? other.firstEntry() : other.lastEntry();
                if (o.buy() ? best.getKey() > o.price() : best.getKey() < o.price()) {
                    break;
                }
                int fill = Math.min(left, best.getValue());
                left -= fill;
                if (fill == best.getValue()) {
                    other.remove(best.getKey());
                } else {
                    other.put(best.getKey(), best.getValue() - fill);
                }
            }
            if (left > 0) {
                own.merge(o.price(), left, Integer::sum);
            }
        }
    }
}
