package io.spinneret.cli;

import io.spinneret.embed.SpiderCatalog;
import io.spinneret.internal.ArgumentSpec;
import io.spinneret.internal.SpiderDefinition;
import io.spinneret.settings.SettingsLoader;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code spinneret list}: the spiders found, with their class and start URLs, and under each its arguments. */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        versionProvider = Cli.Version.class,
        description = "List the spiders found on the class path and in the spiders directory.")
final class ListCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common = new CommonOptions();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        SettingsLoader loader = common.loader();
        SpiderCatalog catalog = common.catalog(loader);
        PrintWriter out = spec.commandLine().getOut();
        List<SpiderDefinition> spiders = catalog.spiders();
        if (spiders.isEmpty()) {
            spec.commandLine().getErr().println(common.noSpidersFound(loader));
            return 0;
        }
        int nameW = 4, classW = 5;
        for (SpiderDefinition s : spiders) {
            nameW = Math.max(nameW, s.name().length());
            classW = Math.max(classW, s.className().length());
        }
        out.printf("%-" + nameW + "s  %-" + classW + "s  %s%n", "NAME", "CLASS", "START URLS");
        for (SpiderDefinition s : spiders) {
            out.printf(
                    "%-" + nameW + "s  %-" + classW + "s  %s%n",
                    s.name(),
                    s.className(),
                    String.join(" ", s.startUrls()));
            for (ArgumentSpec a : s.arguments()) out.printf("%-" + nameW + "s    -a %s%n", "", a.describe());
        }
        out.flush();
        return 0;
    }
}
