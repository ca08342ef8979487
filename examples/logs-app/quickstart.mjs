import { createCloudClient } from 'cloud-platform-api';

const client = createCloudClient(); // reads GCORE_API_KEY, and GCORE_BASE_URL (default https://api.gcore.com)
const video = await client.streaming.videos.get(1444);
console.log(video.name, video.status);
