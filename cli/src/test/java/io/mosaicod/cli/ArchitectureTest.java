package io.mosaicod.cli;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The drawn dependency graph of the product's code: modules depend downwards only, and no two packages depend
 * on each other, directly or around a loop. The command line sees every product module, so the check lives
 * here; the benchmark harness and the reliability campaign sit above it and are left out.
 *
 * <p>Maven already refuses a cycle between modules; this adds what Maven cannot see: a module reaching past
 * the ones it is meant to use through a transitive dependency, and cycles between packages of one module.
 * An empty layer fails the rule, so a classpath that lost a module cannot pass it.
 */
class ArchitectureTest {

    private static JavaClasses product;

    @BeforeAll
    static void importProductClasses() {
        product = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages("io.mosaicod");
    }

    @Test
    void modulesDependOnlyOnTheModulesBelowThem() {
        layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .layer("core").definedBy("io.mosaicod.core..")
                .layer("format").definedBy("io.mosaicod.format..")
                .layer("store").definedBy("io.mosaicod.store..")
                .layer("db").definedBy("io.mosaicod.db..")
                .layer("read").definedBy("io.mosaicod.read..")
                .layer("tasks").definedBy("io.mosaicod.tasks..")
                .layer("transport").definedBy("io.mosaicod.transport..")
                .layer("client").definedBy("io.mosaicod.client..")
                .layer("server").definedBy("io.mosaicod.server..")
                .layer("cli").definedBy("io.mosaicod.cli..")
                .whereLayer("core").mayNotAccessAnyLayer()
                .whereLayer("format").mayOnlyAccessLayers("core")
                .whereLayer("store").mayOnlyAccessLayers("core")
                .whereLayer("db").mayOnlyAccessLayers("core")
                .whereLayer("read").mayOnlyAccessLayers("core", "format", "store", "db")
                .whereLayer("tasks").mayOnlyAccessLayers("core", "format", "store", "db", "read")
                .whereLayer("transport").mayNotAccessAnyLayer()
                .whereLayer("client").mayOnlyAccessLayers("transport")
                .whereLayer("server").mayOnlyAccessLayers("core", "format", "store", "db", "read", "transport")
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .check(product);
    }

    @Test
    void packagesFormNoCycle() {
        slices().matching("io.mosaicod.(**)").should().beFreeOfCycles().check(product);
    }
}
