package bench.realworld;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;


import javax.xml.transform.Templates;
import javax.xml.transform.Transformer;
import javax.xml.transform.stream.StreamResult;
import javax.xml.transform.stream.StreamSource;

import org.apache.xalan.processor.TransformerFactoryImpl;

/**
 * DaCapo xalan: Apache Xalan-J 2.7.3 (its interpretive processor, not the JDK's XSLTC) transforms
 * XML documents into HTML from many threads, sharing one compiled stylesheet, as DaCapo's xalan does
 * with its XMark-like inputs. One iteration transforms 400 documents from a work queue.
 */
final class XalanWorkload implements Workload {
    static final int DOCUMENTS = 400;
    private final Templates templates;
    private final List<String> documents = new ArrayList<>();

    XalanWorkload() throws Exception {
        templates = new TransformerFactoryImpl().newTemplates(new StreamSource(new StringReader(STYLESHEET)));
        for (int d = 0; d < 20; d++) {
            StringBuilder sb = new StringBuilder("<site><regions>");
            for (int i = 0; i < 60; i++) {
                sb.append("<item id=\"item").append(d * 100 + i).append("\"><name>Item ").append(i)
                  .append("</name><price>").append(10 + (i * 7 + d) % 90).append(".").append(i % 100)
                  .append("</price><description><text>A description of item ").append(i)
                  .append(" with <bold>bold</bold> and <emph>emphasised</emph> words.</text></description>")
                  .append("<category>cat").append(i % 7).append("</category></item>");
            }
            sb.append("</regions></site>");
            documents.add(sb.toString());
        }
    }

    @Override
    public int unitsPerIteration() {
        return DOCUMENTS;
    }

    @Override
    public long iterate(int threads) throws Exception {
        return WorkQueue.run(threads, DOCUMENTS, () -> n -> {
            Transformer tr = templates.newTransformer();
            StringWriter out = new StringWriter();
            tr.transform(new StreamSource(new StringReader(documents.get(n % documents.size()))), new StreamResult(out));
            return out.toString().hashCode() * 31L + n;
        });
    }

    static final String STYLESHEET = """
            <xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
              <xsl:output method="html" indent="yes"/>
              <xsl:key name="by-category" match="item" use="category"/>
              <xsl:template match="/">
                <html><body>
                  <h1>Items: <xsl:value-of select="count(//item)"/></h1>
                  <xsl:for-each select="//item[generate-id() = generate-id(key('by-category', category)[1])]">
                    <xsl:sort select="category"/>
                    <h2><xsl:value-of select="category"/></h2>
                    <table>
                      <xsl:for-each select="key('by-category', category)">
                        <xsl:sort select="price" data-type="number" order="descending"/>
                        <tr><td><xsl:value-of select="@id"/></td><td><xsl:value-of select="name"/></td>
                        <td><xsl:value-of select="format-number(price, '#,##0.00')"/></td>
                        <td><xsl:apply-templates select="description"/></td></tr>
                      </xsl:for-each>
                    </table>
                  </xsl:for-each>
                </body></html>
              </xsl:template>
              <xsl:template match="bold"><b><xsl:apply-templates/></b></xsl:template>
              <xsl:template match="emph"><i><xsl:apply-templates/></i></xsl:template>
            </xsl:stylesheet>
            """;
}
