package io.spinneret.testreport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/** The {@code <modules>} of a pom.xml, in their order. */
final class PomModules {
    private PomModules() {}

    static List<String> of(Path pom) {
        try {
            NodeList modules = DocumentBuilderFactory.newInstance()
                    .newDocumentBuilder()
                    .parse(pom.toFile())
                    .getElementsByTagName("module");
            List<String> names = new ArrayList<>();
            for (int i = 0; i < modules.getLength(); i++)
                names.add(modules.item(i).getTextContent().strip());
            return names;
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + pom, e);
        } catch (SAXException | ParserConfigurationException e) {
            throw new IllegalStateException("unreadable " + pom + ": " + e.getMessage(), e);
        }
    }
}
