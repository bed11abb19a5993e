package org.trajectory.vlm.internal;

import javax.crypto.spec.PBEKeySpec;

import org.eclipse.equinox.security.storage.provider.IPreferencesContainer;
import org.eclipse.equinox.security.storage.provider.PasswordProvider;
import org.trajectory.vlm.SecretStorage;

/**
 * Secure storage's password where no keyring holds one: the master password {@link SecretStorage} asks for (the
 * variable, the window's dialog or the terminal). Equinox keeps it for the session once it is verified.
 */
public final class MasterPasswordProvider extends PasswordProvider {

    @Override
    public PBEKeySpec getPassword(IPreferencesContainer container, int passwordType) {
        char[] password = SecretStorage.masterPassword((passwordType & CREATE_NEW_PASSWORD) != 0);
        return password == null ? null : new PBEKeySpec(password);
    }

    @Override
    public boolean retryOnError(Exception e, IPreferencesContainer container) {
        return System.getenv(SecretStorage.PASSWORD_VARIABLE) == null; // a mistyped password is asked again; a wrong variable is not
    }
}
