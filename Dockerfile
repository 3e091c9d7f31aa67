# The Tropos app image: web servers (`npm start`) and workers (`npm run worker`) run the same
# image with different commands (compose.yaml). Written for a machine with registry access; this
# project's CI does not build it (the multi-process topology is tested without containers:
# e2e/multi-process-jobs.spec.ts).
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN DATABASE_URL=postgresql://build-time-unused@127.0.0.1:1/unused node_modules/.bin/prisma generate \
 && DATABASE_URL=postgresql://build-time-unused@127.0.0.1:1/unused node_modules/.bin/next build
ENV NODE_ENV=production
EXPOSE 3000
CMD ["node_modules/.bin/next", "start", "-p", "3000"]
