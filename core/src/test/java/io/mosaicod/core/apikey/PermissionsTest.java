package io.mosaicod.core.apikey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("fast")
class PermissionsTest {

    @Test
    void permissionsAreWrittenJoinedWithBars() {
        Permissions permissions = Permissions.parse("write | READ,delete");
        assertThat(permissions).hasToString("read|write|delete");
        assertThat(permissions.labels()).containsExactly("read", "write", "delete");
        assertThat(Permissions.parse(permissions.toString())).isEqualTo(permissions);
    }

    @Test
    void theBitsAreUpstreams() {
        assertThat(Permissions.parse("read").bits()).isEqualTo(1);
        assertThat(Permissions.parse("write").bits()).isEqualTo(2);
        assertThat(Permissions.parse("delete").bits()).isEqualTo(4);
        assertThat(Permissions.parse("manage").bits()).isEqualTo(8);
        assertThat(Permissions.ofBits(7)).isEqualTo(Permissions.parse("read|write|delete"));
        assertThatThrownBy(() -> Permissions.ofBits(16)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Permissions.ofBits(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void nonePermissionImpliesAnotherButManageAllowsEverything() {
        for (Permission granted : Permission.values()) {
            for (Permission needed : Permission.values()) {
                assertThat(Permissions.of(granted).allows(needed)).as("%s allows %s", granted, needed)
                        .isEqualTo(granted == needed || granted == Permission.MANAGE);
            }
        }
    }

    @Test
    void aWordThatIsNoPermissionOrNoneAtAllIsRefusedWithTheChoices() {
        assertThatThrownBy(() -> Permissions.parse("read|admin"))
                .hasMessage("'admin' is no permission: expected read, write, delete or manage, joined with '|'"
                        + " (e.g. \"read|write\")");
        assertThatThrownBy(() -> Permissions.parse(" | "))
                .hasMessage("an API key needs at least one permission: read, write, delete or manage");
    }
}
