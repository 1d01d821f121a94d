package bench.realworld;

import java.util.List;

import java.util.logging.Level;
import java.util.logging.Logger;

import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * DaCapo luindex: Apache Lucene 10.6.0 indexes a corpus of text (DaCapo: Shakespeare and the King
 * James Bible; here 2,500 generated documents of 100 to 300 words, see {@link Corpus}) with the
 * English analyzer (Porter stemming, stop words). DaCapo's luindex is single-threaded; here all
 * threads take documents from a work queue and feed ONE shared IndexWriter (it is thread-safe: each
 * thread fills its own in-memory segment, flushes and merges are coordinated inside the writer).
 * One iteration indexes the corpus into a fresh in-memory directory (ByteBuffersDirectory) and
 * commits; the digest is the index's statistics (documents, total and distinct terms of the body,
 * every body term's document frequency), which do not depend on how the documents were spread over
 * segments.
 */
final class LuindexWorkload implements Workload {
    static final int DOCUMENTS = 2_500;
    /** Lucene warns once that it runs without the incubating Vector API (scalar code then): quiet. */
    private static final Logger VECTOR_LOG = Logger.getLogger("org.apache.lucene.internal.vectorization");
    static {
        VECTOR_LOG.setLevel(Level.SEVERE);
    }
    private final List<Corpus.Doc> docs = Corpus.documents(1, 0, DOCUMENTS, 100, 300);
    private final EnglishAnalyzer analyzer = new EnglishAnalyzer();

    @Override
    public int unitsPerIteration() {
        return DOCUMENTS;
    }

    @Override
    public long iterate(int threads) throws Exception {
        try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
            try (IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig(analyzer))) {
                WorkQueue.run(threads, DOCUMENTS, () -> n -> {
                    writer.addDocument(document(docs.get(n)));
                    return 0;   // the digest is the index's statistics, below
                });
                writer.commit();
            }
            try (DirectoryReader reader = DirectoryReader.open(dir)) {
                long distinct = 0, frequencies = 0;
                TermsEnum terms = MultiTerms.getTerms(reader, "body").iterator();
                while (terms.next() != null) {
                    distinct++;
                    frequencies += terms.term().hashCode() * (long) terms.docFreq();
                }
                return reader.numDocs() * 1_000_003L + reader.getSumTotalTermFreq("body") * 31
                        + reader.getSumDocFreq("title") * 17 + distinct * 7 + frequencies;
            }
        }
    }

    private static Document document(Corpus.Doc d) {
        Document doc = new Document();
        doc.add(new StringField("id", d.id(), Field.Store.YES));
        doc.add(new TextField("title", d.title(), Field.Store.YES));
        doc.add(new TextField("body", d.body(), Field.Store.NO));
        doc.add(new IntPoint("year", d.year()));
        doc.add(new NumericDocValuesField("year", d.year()));
        doc.add(new StoredField("year", d.year()));
        return doc;
    }
}
