package io.spinneret.middleware;

import io.spinneret.settings.Settings;

/** A second user provider whose middleware names itself differently from the provider. */
public final class AuditProvider implements MiddlewareProvider {
    @Override
    public String name() {
        return "audit";
    }

    @Override
    public Middleware create(Settings settings) {
        return chain -> {
            chain.context().stats().increment("audit/seen");
            return chain.proceed(chain.request());
        };
    }
}
