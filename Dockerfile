# One image for api, worker and the ops CLI (the command picks the process). What runs in
# production only: no scripts/ (local stack and test runner), bench/, support/ or test/.

# The analyst console: a static build (Vite) that the api serves at /console; its toolchain stays in this stage.
FROM node:22-bookworm-slim AS console
WORKDIR /build
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY console /build/console
RUN NODE_ENV=production npx vite build --mode production --config console/vite.config.mts

# Node 22 LTS: Node 20 reached its end of life (2026-04-30). The code also runs and is tested on
# Node 20.19+ (package.json engines), which is what the development machines have.
FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund --omit=dev --ignore-scripts=false
COPY config ./config
COPY contracts ./contracts
COPY domain ./domain
COPY db ./db
COPY infra ./infra
COPY usecases ./usecases
COPY api ./api
COPY activities ./activities
COPY workflows ./workflows
COPY worker ./worker
COPY importers ./importers
COPY generator ./generator
COPY ops ./ops
COPY --from=console /build/console/dist ./console/dist
# Bundle the workflows at build time so that every worker replica starts without webpack.
RUN node --import tsx worker/bundle-workflows.ts /app/workflow-bundle.js
ENV WORKFLOW_BUNDLE_PATH=/app/workflow-bundle.js
USER node
EXPOSE 8080
# scripts/stack/stack.ts starts the services the same way (docs/batches.md, "Memory").
ENV MALLOC_ARENA_MAX=2
CMD ["node", "--require", "tsx/cjs", "api/server.ts"]
