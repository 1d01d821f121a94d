package bench.realworld;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import java.util.logging.Level;
import java.util.logging.Logger;

import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.SerialMergeScheduler;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * DaCapo lusearch: Apache Lucene 10.6.0 answers text queries from many threads through ONE shared
 * IndexSearcher over one index, as DaCapo's lusearch does over its Shakespeare and King James Bible
 * index. Setup builds, once, an in-memory index (ByteBuffersDirectory, English analyzer) of 10,000
 * generated documents (see {@link Corpus}) and a fixed list of query strings from a fixed seed: single
 * terms, boolean queries (all of, any of, with an excluded word), phrases of two neighbouring words
 * taken from the documents, prefixes and title terms. One iteration parses (classic QueryParser, one
 * per thread, it is not thread-safe) and runs 2,000 of them from a work queue, top 10 hits each,
 * and reads the hits' stored ids; the digest is the sum of the hit counts, top doc ids and ids read.
 */
final class LusearchWorkload implements Workload {
    static final int DOCUMENTS = 10_000, QUERIES = 2_000;
    /** Lucene warns once that it runs without the incubating Vector API (scalar code then): quiet. */
    private static final Logger VECTOR_LOG = Logger.getLogger("org.apache.lucene.internal.vectorization");
    static {
        VECTOR_LOG.setLevel(Level.SEVERE);
    }
    private final EnglishAnalyzer analyzer = new EnglishAnalyzer();
    private final ByteBuffersDirectory dir = new ByteBuffersDirectory();
    private final DirectoryReader reader;
    private final IndexSearcher searcher;
    private final List<String> queries = new ArrayList<>();

    LusearchWorkload() throws Exception {
        IndexWriterConfig config = new IndexWriterConfig(analyzer).setMergeScheduler(new SerialMergeScheduler());
        Random rnd = new Random(7);
        try (IndexWriter writer = new IndexWriter(dir, config)) {
            for (int first = 0; first < DOCUMENTS; first += 1_000) {
                for (Corpus.Doc d : Corpus.documents(2, first, 1_000, 50, 150)) {
                    Document doc = new Document();
                    doc.add(new StringField("id", d.id(), Field.Store.YES));
                    doc.add(new TextField("title", d.title(), Field.Store.YES));
                    doc.add(new TextField("body", d.body(), Field.Store.NO));
                    writer.addDocument(doc);
                    if (queries.size() < QUERIES && rnd.nextInt(5) == 0) {
                        queries.add(query(rnd, d));
                    }
                }
            }
            writer.commit();
        }
        reader = DirectoryReader.open(dir);
        searcher = new IndexSearcher(reader);
    }

    /** A query string of one of six kinds, with words from this document (so that most queries hit). */
    private static String query(Random rnd, Corpus.Doc d) {
        String[] body = d.body().toLowerCase(Locale.ROOT).replaceAll("[.,]", "").split(" ");
        int at = rnd.nextInt(body.length - 1);
        return switch (rnd.nextInt(6)) {
            case 0 -> body[at];
            case 1 -> "+" + body[at] + " +" + body[rnd.nextInt(body.length)];
            case 2 -> body[at] + " " + Corpus.word(rnd) + " " + Corpus.word(rnd) + " -" + Corpus.word(rnd);
            case 3 -> "\"" + body[at] + " " + body[at + 1] + "\"";
            case 4 -> body[at].substring(0, Math.min(3, body[at].length())) + "*";
            default -> "title:" + d.title().split(" ")[0] + " " + body[at];
        };
    }

    @Override
    public int unitsPerIteration() {
        return QUERIES;
    }

    @Override
    public long iterate(int threads) throws Exception {
        return WorkQueue.run(threads, QUERIES, () -> {
            QueryParser parser = new QueryParser("body", analyzer);
            StoredFields stored = searcher.storedFields();
            return n -> {
                TopDocs top = searcher.search(parser.parse(queries.get(n % queries.size())), 10);
                long digest = top.totalHits.value() * 31;
                for (ScoreDoc hit : top.scoreDocs) {
                    digest += hit.doc + stored.document(hit.doc).get("id").hashCode();
                }
                return digest;
            };
        });
    }

    @Override
    public void close() throws Exception {
        reader.close();
        dir.close();
    }
}
