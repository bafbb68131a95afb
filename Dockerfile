# The image compose.yaml builds (an example: README "Running several processes on PostgreSQL").
# .dockerignore keeps .env (the token) and local databases out of the image: pass settings as environment.
FROM python:3.11-slim
WORKDIR /app
COPY . .
RUN pip install --no-cache-dir -c requirements.lock -e ".[postgres]"
CMD ["stumpbot", "bot"]
