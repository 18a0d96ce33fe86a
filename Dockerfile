# Production image: one image, two commands (api and cron), chosen by docker-compose.yml.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY cron/package.json cron/
COPY widget/package.json widget/
COPY pwa/package.json pwa/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY shared/package.json shared/
COPY api/package.json api/
COPY cron/package.json cron/
COPY widget/package.json widget/
COPY pwa/package.json pwa/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/api/drizzle api/drizzle
COPY --from=build /app/cron/dist cron/dist
COPY --from=build /app/pwa/dist pwa/dist
COPY --from=build /app/widget/dist widget/dist
USER node
EXPOSE 3000
CMD ["node", "api/dist/main.js"]
