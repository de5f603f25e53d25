package io.spinneret.testreport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/** One {@code TEST-*.xml} report: a test class's counts and its failed tests. */
record SuiteResult(String name, int tests, int skipped, List<TestFailure> failures) {
    static SuiteResult parse(Path report) {
        Element suite;
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            suite = factory.newDocumentBuilder().parse(report.toFile()).getDocumentElement();
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + report, e);
        } catch (SAXException | ParserConfigurationException e) {
            throw new IllegalStateException("unreadable test report " + report + ": " + e.getMessage(), e);
        }
        List<TestFailure> failures = new ArrayList<>();
        NodeList cases = suite.getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++) {
            Element testCase = (Element) cases.item(i);
            Element problem = firstChild(testCase, "failure", "error");
            if (problem == null) continue;
            String message = problem.getAttribute("message");
            if (message.isBlank()) message = problem.getAttribute("type");
            failures.add(
                    new TestFailure(testCase.getAttribute("classname") + "." + testCase.getAttribute("name"), message));
        }
        return new SuiteResult(
                suite.getAttribute("name"),
                Integer.parseInt(suite.getAttribute("tests")),
                Integer.parseInt(suite.getAttribute("skipped")),
                failures);
    }

    private static Element firstChild(Element parent, String... names) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && List.of(names).contains(e.getTagName())) return e;
        }
        return null;
    }
}
